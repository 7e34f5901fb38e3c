/** The conformance suite: the fixture engine passes every check, and each check catches an engine broken its way. */
import { describe, expect, it } from "vitest";
import {
  ConformanceError,
  RulesError,
  Session,
  createRng,
  randomPlayout,
  checkDeterminism,
  checkIllegalActionsRefused,
  checkLegalActionsApply,
  checkPlayoutsTerminate,
  checkReplay,
  checkSaveRestore,
  checkViewsHide,
  requireViewsHide,
  simulate,
  type ConformanceOptions,
  type Engine,
  type Seat,
} from "../src/index.ts";
import {
  raceFixtureEngine as engine,
  type RaceAction,
  type RaceState,
  type RaceView,
} from "./fixtures/race-fixture-engine.ts";

type RaceEngine = Engine<RaceState, RaceAction, RaceView>;

/** Changes (in place) everything the fixture hides from `seat`: the future dice, others' lucky numbers and boosts. */
function scramble(state: RaceState, seat: Seat): void {
  state.rng.a = (state.rng.a + 1) | 0;
  state.lucky = state.lucky.map((lucky, other) => (other === seat ? lucky : (lucky % 6) + 1));
  if (state.phase === "boost") {
    state.boosts = state.boosts.map((boost, other) => (other === seat || boost === null ? boost : (boost + 1) % 3));
  }
}

const options: ConformanceOptions = { players: 3, variant: "base", seed: 7, games: 8 };

/** The checks that play whole random games with an engine and a seed, and need nothing else. */
const PLAYING_CHECKS = [
  checkPlayoutsTerminate,
  checkLegalActionsApply,
  checkIllegalActionsRefused,
  checkDeterminism,
  checkSaveRestore,
  checkReplay,
];

describe.each([
  { players: 2, variant: "base" },
  { players: 4, variant: "base" },
  { players: 2, variant: "long" },
  { players: 3, variant: "long" },
  { players: 3, variant: "heckle" },
])("the fixture engine ($players players, $variant)", ({ players, variant }) => {
  const o: ConformanceOptions = { players, variant, seed: 20240611, games: 10 };

  it.each(PLAYING_CHECKS)("passes %o", (check) => {
    const report = check(engine, o);
    expect(report.games).toBe(10);
    expect(report.decisionPoints).toBeGreaterThan(10);
    expect(report.checks).toBeGreaterThan(0);
  });

  it("passes checkViewsHide, and the scramble changed states", () => {
    const report = checkViewsHide(engine, o, scramble);
    // Two checks per seat and decision point: the state the game reached, and a fuzzed one no game reaches.
    expect(report.checks).toBe(report.decisionPoints * players * 2);
    expect(report.changedStates).toBe(report.decisionPoints * players); // the generator state is hidden from everyone
  });
});

describe("the conformance games", () => {
  it("are the games simulate plays with the same seed", () => {
    const report = checkPlayoutsTerminate(engine, options);
    const summary = simulate(engine, { ...options });
    expect(report.decisionPoints).toBeCloseTo(summary.meanLength * options.games, 6);
  });

  it("refuse bad options with RangeError", () => {
    expect(() => checkReplay(engine, { ...options, games: 0 })).toThrow(RangeError);
    expect(() => checkReplay(engine, { ...options, variant: "short" })).toThrow(/unknown variant "short"/);
    expect(() => checkReplay(engine, { ...options, players: 5 })).toThrow(/players must be an integer from 2 to 4/);
  });
});

/** The fixture engine with some methods replaced. */
function broken(changes: Partial<RaceEngine>): RaceEngine {
  return { ...engine, ...changes };
}

/** Module-level counter that makes the "nondeterministic" engines below reproducibly nondeterministic. */
let calls = 0;

describe("a game machine players give up (`abandon`)", () => {
  // A race to a line nobody reaches (a state the fixture's own check takes for its variant's), given up after 12 rounds.
  const endless: RaceEngine = broken({
    newGame: (o) => ({ ...engine.newGame(o), target: 1_000_000 }),
    validateState: (s) => engine.validateState({ ...(s as RaceState), target: engine.newGame(options).target }),
    abandoned: (s) => (s.round > 12 ? "nobody arrives" : null),
  });

  it.each(PLAYING_CHECKS)("passes %o, the games stopping where they are given up", (check) => {
    const report = check(endless, { ...options, maxSteps: 1_000 });
    expect(report.games).toBe(options.games);
    expect(report.decisionPoints).toBeGreaterThan(options.games * 12);
  });

  it("has no winner in random play, and its ending says why; people play on", () => {
    const result = randomPlayout(endless, { players: 3, seed: 1 }, createRng(1), 1_000);
    expect(result.state.round).toBe(13);
    expect(result.outcome).toMatchObject({ winners: [], abandoned: true, ending: "abandoned: nobody arrives" });
    expect(result.outcome.scores).toEqual(engine.standing!(result.state).scores);
    expect(simulate(endless, { ...options }).endings).toEqual({ "abandoned: nobody arrives": options.games });
    const session = Session.resume(endless, { players: 3, seed: 1 }, result.state, []);
    expect(session.isOver()).toBe(false);
    session.apply(session.legalActions(session.toAct()[0]!)[0]!);
  });
});

describe("each check catches an engine broken its way", () => {
  it("checkPlayoutsTerminate: a game that never ends", () => {
    const endless = broken({ newGame: (o) => ({ ...engine.newGame(o), target: 1_000_000 }) });
    expect(() => checkPlayoutsTerminate(endless, { ...options, maxSteps: 300 })).toThrow(
      /^race-fixture: checkPlayoutsTerminate failed \(players 3, variant base, seed 7, game 0 \(game seed -?\d+\), step 300\): the game did not end within 300 actions/,
    );
  });

  it("checkPlayoutsTerminate: a seat to act without a legal action", () => {
    const stuck = broken({ legalActions: (s, seat) => (seat === 2 ? [] : engine.legalActions(s, seat)) });
    expect(() => checkPlayoutsTerminate(stuck, options)).toThrow(
      /step 0, seat 2\): the seat is to act but has no legal/,
    );
  });

  it("checkPlayoutsTerminate: a seat with actions it may play, neither to act nor listed by mayAct", () => {
    const eager = broken({ legalActions: (s, seat) => engine.legalActions(s, s.phase === "move" ? s.current : seat) });
    expect(() => checkPlayoutsTerminate(eager, options)).toThrow(
      /the seat is neither to act nor in mayAct but has legal actions/,
    );
  });

  it("checkPlayoutsTerminate: a game neither over nor waiting for anyone", () => {
    const lost = broken({ isOver: () => false });
    expect(() => checkPlayoutsTerminate(lost, options)).toThrow(/the game is not over but no seat is to act/);
  });

  it("checkPlayoutsTerminate: advice to agents that fails in some position, or is not a number per seat", () => {
    const failing = broken({
      progress: (s) => {
        if (s.phase === "boost") throw new RulesError("index 3 is outside a list of 3");
        return s.positions;
      },
    });
    expect(() => checkPlayoutsTerminate(failing, options)).toThrow(/progress threw RulesError: index 3 is outside/);
    const short = broken({ progress: (s) => s.positions.slice(1) });
    expect(() => checkPlayoutsTerminate(short, options)).toThrow(
      /progress\(\) is \[.*\]: not one finite number per seat/,
    );
    const notNumbers = broken({ progress: (s) => s.positions.map(() => Number.NaN) });
    expect(() => checkPlayoutsTerminate(notNumbers, options)).toThrow(/not one finite number per seat/);
  });

  it("checkPlayoutsTerminate: inconsistent outcomes", () => {
    const allSecond = broken({
      outcome: (s) => {
        const result = engine.outcome(s);
        return result === null ? null : { ...result, ranks: result.ranks.map(() => 2) };
      },
    });
    expect(() => checkPlayoutsTerminate(allSecond, options)).toThrow(/ranks \[.*\] are not 1 \+ the number of seats/);
    const noWinner = broken({
      outcome: (s) => {
        const result = engine.outcome(s);
        return result === null ? null : { ...result, winners: [] };
      },
    });
    expect(() => checkPlayoutsTerminate(noWinner, options)).toThrow(/winners \[\] must be exactly the seats ranked 1/);
    const early = broken({ outcome: (s) => ({ scores: s.positions, ranks: [1, 1, 1], winners: [0, 1, 2] }) });
    expect(() => checkPlayoutsTerminate(early, options)).toThrow(/outcome\(\) is .* before the game is over/);
  });

  it("checkLegalActionsApply: a listed action that check refuses", () => {
    const overEager = broken({
      legalActions: (s, seat) => {
        const legal = engine.legalActions(s, seat);
        return s.phase === "boost" && legal.length > 0 ? [...legal, { type: "boost", player: seat, amount: 3 }] : legal;
      },
    });
    expect(() => checkLegalActionsApply(overEager, options)).toThrow(
      /step 0, seat 0, action \{"amount":3,"player":0,"type":"boost"\}\): engine\.check refused an action legalActions listed: "a boost is 0, 1 or 2"/,
    );
  });

  it("checkLegalActionsApply: legal actions for a seat that is not to act", () => {
    const eager = broken({ legalActions: (s, seat) => engine.legalActions(s, s.phase === "move" ? s.current : seat) });
    expect(() => checkLegalActionsApply(eager, options)).toThrow(
      /the seat is not to act \(toAct \[0\], mayAct \[\]\) but has 2 legal/,
    );
  });

  it("checkPlayoutsTerminate: a seat that may interrupt while it is asked to act", () => {
    const greedy = broken({ mayAct: (s) => (s.phase === "move" ? [s.current] : []) });
    expect(() => checkPlayoutsTerminate(greedy, options)).toThrow(/seat 0 is both in toAct and in mayAct/);
  });

  it("checkPlayoutsTerminate: a seat said to be able to interrupt with nothing to play", () => {
    const boastful = broken({ mayAct: (s) => (s.phase === "move" ? [0, 1, 2].filter((x) => x !== s.current) : []) });
    expect(() => checkPlayoutsTerminate(boastful, options)).toThrow(
      /seat [12]\): the seat may interrupt but has no legal action/,
    );
  });

  it("checkLegalActionsApply: interrupts for a seat that mayAct does not list", () => {
    const secretive = broken({ mayAct: () => [] });
    expect(() => checkLegalActionsApply(secretive, { ...options, variant: "heckle" })).toThrow(
      /the seat is not to act \(toAct \[\d\], mayAct \[\]\) but has 1 legal actions/,
    );
  });

  it("checkLegalActionsApply: a check that mutates the state", () => {
    const meddling = broken({
      check: (s, action) => {
        s.lastRoll = { player: action.player, die: 0 };
        return engine.check(s, action);
      },
    });
    expect(() => checkLegalActionsApply(meddling, options)).toThrow(
      /engine\.check changed the state \(before vs after\): \$\.lastRoll: null vs \{/,
    );
  });

  it("checkLegalActionsApply: an apply that throws on some legal action", () => {
    const fragile = broken({
      apply: (s, action) => {
        if (action.type === "rest" && s.round > 1) throw new TypeError("cannot rest now");
        engine.apply(s, action);
      },
    });
    expect(() => checkLegalActionsApply(fragile, options)).toThrow(
      /action \{"player":\d,"type":"rest"\}\): engine\.apply on a copy of the state threw TypeError: cannot rest now/,
    );
  });

  it("checkLegalActionsApply: a state that is not plain JSON", () => {
    const dated = broken({
      newGame: (o) => ({ ...engine.newGame(o), lastRoll: new Date(0) as unknown as RaceState["lastRoll"] }),
    });
    expect(() => checkLegalActionsApply(dated, options)).toThrow(/\$\.lastRoll is \[object Date\], not a plain object/);
  });

  it("checkIllegalActionsRefused: a check that accepts a garbage field", () => {
    const lax = broken({ check: (s, a) => (a.type === "boost" && a.amount === 9999 ? null : engine.check(s, a)) });
    expect(() => checkIllegalActionsRefused(lax, options)).toThrow(
      /engine\.check accepted a legal action with amount set to 9999/,
    );
  });

  it("checkIllegalActionsRefused: a check that accepts unknown types", () => {
    const lax = broken({
      check: (s, a) => (a.type === "roll" || a.type === "rest" || a.type === "boost" ? engine.check(s, a) : null),
    });
    expect(() => checkIllegalActionsRefused(lax, options)).toThrow(
      /engine\.check accepted an action of an unknown type/,
    );
  });

  it("checkIllegalActionsRefused: a check that lets a seat act out of turn", () => {
    const lax = broken({ check: (s, a) => (a.type === "roll" ? null : engine.check(s, a)) });
    expect(() => checkIllegalActionsRefused(lax, options)).toThrow(
      /engine\.check accepted a legal action of seat 0 given to seat [12], who may not act/,
    );
  });

  it("checkIllegalActionsRefused: a check that throws on garbage", () => {
    const fragile = broken({
      check: (s, a) => {
        if (a.type === "boost" && a.amount === null) throw new TypeError("amount is null");
        return engine.check(s, a);
      },
    });
    expect(() => checkIllegalActionsRefused(fragile, options)).toThrow(
      /engine\.check on a legal action with amount set to null threw TypeError: amount is null/,
    );
  });

  it("checkIllegalActionsRefused: a check that refuses with an empty reason", () => {
    const mute = broken({ check: (s, a) => (engine.check(s, a) === null ? null : "") });
    expect(() => checkIllegalActionsRefused(mute, options)).toThrow(/without a reason \(""\)/);
  });

  it("checkIllegalActionsRefused: a check that mutates the state when it refuses", () => {
    const meddling = broken({
      check: (s, a) => {
        const reason = engine.check(s, a);
        if (reason !== null) s.round += 1;
        return reason;
      },
    });
    expect(() => checkIllegalActionsRefused(meddling, options)).toThrow(
      /changed the state \(before vs after\): \$\.round: (\d+) vs (?!\1)\d+/,
    );
  });

  it("checkIllegalActionsRefused: actions accepted after the game is over", () => {
    const lax = broken({ check: (s, a) => (s.phase === "over" ? null : engine.check(s, a)) });
    expect(() => checkIllegalActionsRefused(lax, options)).toThrow(
      /engine\.check accepted an action after the game is over/,
    );
  });

  it("checkDeterminism: a new game that depends on a hidden counter", () => {
    const moody = broken({
      newGame: (o) => {
        const state = engine.newGame(o);
        state.lucky[0] = 1 + (calls++ % 6);
        return state;
      },
    });
    expect(() => checkDeterminism(moody, options)).toThrow(
      /step 0\): two new games with the same options differ \(first vs second run\): \$\.lucky\[0\]: \d vs \d/,
    );
  });

  it("checkDeterminism: an apply that depends on a hidden counter", () => {
    const moody = broken({
      apply: (s, a) => {
        engine.apply(s, a);
        if (calls++ % 5 === 0) s.positions[a.player] = (s.positions[a.player] ?? 0) + 1;
      },
    });
    expect(() => checkDeterminism(moody, options)).toThrow(
      /the two runs' states differ after the same action \(first vs second\): \$\.positions\[\d\]: \d+ vs \d+/,
    );
  });

  it("checkSaveRestore: an engine keeping part of its state outside the state", () => {
    const moves = new WeakMap<object, number>();
    const forgetful = broken({
      apply: (s, a) => {
        engine.apply(s, a);
        const count = (moves.get(s) ?? 0) + 1;
        moves.set(s, count);
        if (count % 4 === 0) s.positions[a.player] = (s.positions[a.player] ?? 0) + 1;
      },
    });
    expect(checkDeterminism(forgetful, options).checks).toBeGreaterThan(0);
    expect(checkReplay(forgetful, options).checks).toBeGreaterThan(0);
    expect(() => checkSaveRestore(forgetful, options)).toThrow(
      /a JSON copy of the state at step \d+, continued, ends elsewhere \(original vs copy\): \$\./,
    );
  });

  it("checkSaveRestore: a validateState that refuses reachable states", () => {
    const strict = broken({
      validateState: (v) => ((v as RaceState).round > 1 ? "round too late" : engine.validateState(v)),
    });
    expect(() => checkSaveRestore(strict, options)).toThrow(
      /restore of the runtime's own save threw SaveError: invalid state: round too late/,
    );
  });

  it("checkReplay: an apply that mutates its action (so the log lies)", () => {
    const rewriting = broken({
      apply: (s, a) => {
        engine.apply(s, a);
        if (a.type === "boost") a.amount = 0;
      },
    });
    expect(checkDeterminism(rewriting, options).checks).toBeGreaterThan(0);
    expect(() => checkReplay(rewriting, options)).toThrow(
      /replaying the log \(\d+ actions\) ends elsewhere \(game vs replay\): \$\./,
    );
  });

  it("checkViewsHide: a view that leaks the secret", () => {
    const leaky = broken({ view: (s, seat) => ({ ...engine.view(s, seat), lucky: s.lucky.slice() }) as RaceView });
    expect(() => checkViewsHide(leaky, options, scramble)).toThrow(
      /step 0, seat 0\): the view shows what is hidden from the seat \(view vs view once that is scrambled\): \$\.lucky\[1\]: \d vs \d/,
    );
  });

  it("requireViewsHide: on a state a test built, a view that leaks the secret", () => {
    const leaky = broken({ view: (s, seat) => ({ ...engine.view(s, seat), lucky: s.lucky.slice() }) as RaceView });
    const state = engine.newGame({ players: 3, seed: 8 });
    expect(() => requireViewsHide(engine, state, scramble)).not.toThrow();
    expect(() => requireViewsHide(leaky, state, scramble)).toThrow(
      /seat 0's view of this state shows what the rules hide from it: \$\.lucky\[1\]/,
    );
  });

  it("checkViewsHide: a view that shares an object with the state", () => {
    const sharing = broken({ view: (s, seat) => ({ ...engine.view(s, seat), positions: s.positions }) });
    expect(() => checkViewsHide(sharing, options, scramble)).toThrow(
      /the view shares the object at \$\.positions with the state/,
    );
  });

  it("checkViewsHide: a view that mutates the state", () => {
    const meddling = broken({
      view: (s, seat) => {
        s.lastRoll = null;
        return engine.view(s, seat);
      },
    });
    expect(() => checkViewsHide(meddling, options, scramble)).toThrow(
      /engine\.view changed the state \(before vs after\): \$\.lastRoll: \{.*\} vs null/,
    );
  });

  it("checkViewsHide: a scramble that changes nothing is reported as such", () => {
    const report = checkViewsHide(engine, options, () => {});
    expect(report.changedStates).toBe(0);
    expect(report.checks).toBeGreaterThan(0);
  });

  it("failures are ConformanceErrors", () => {
    const endless = broken({ isOver: () => false });
    expect(() => checkReplay(endless, options)).toThrow(ConformanceError);
  });
});
