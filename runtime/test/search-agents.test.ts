import { describe, expect, it } from "vitest";
import {
  GreedyAgent,
  MctsAgent,
  RandomAgent,
  Session,
  agentNameProblem,
  makeAgent,
  playWithAgents,
  seatAgents,
  simulate,
  type Agent,
  type Engine,
  type EngineAction,
} from "../src/index.ts";
import { actionKey } from "../src/search-agents.ts";
import { raceFixtureEngine as engine, type RaceAction, type RaceState } from "./fixtures/race-fixture-engine.ts";

/** Share of `games` two-player races that seat 0 wins, its agent made by `first`, seat 1's by `second`. */
function winShare(first: (seed: number) => Agent, second: (seed: number) => Agent, games: number): number {
  let won = 0;
  for (let g = 0; g < games; g++) {
    const session = Session.create(engine, { players: 2, seed: 1000 + g });
    const agents = [first(g), second(g + 500)];
    playWithAgents(session, (seat) => agents[seat] as Agent<RaceState, RaceAction>);
    const { winners } = session.outcome()!;
    if (winners.includes(0)) won += 1 / winners.length;
  }
  return won / games;
}

describe("search agents", () => {
  it("MCTS beats random players in the race, greedy less so", () => {
    const mcts = winShare(
      (s) => new MctsAgent(s, { iterations: 200 }),
      (s) => new RandomAgent(s),
      60,
    );
    const greedy = winShare(
      (s) => new GreedyAgent(s),
      (s) => new RandomAgent(s),
      60,
    );
    const chance = winShare(
      (s) => new RandomAgent(s),
      (s) => new RandomAgent(s),
      60,
    );
    // The race is mostly luck, and the first seat moves first (random players: 58% for seat 0).
    expect(mcts).toBeGreaterThan(0.7);
    expect(mcts).toBeGreaterThan(chance + 0.15);
    expect(greedy).toBeGreaterThan(chance);
  });

  it("never read what their seat may not see: the same choice whatever the others' secrets are", () => {
    const session = Session.create(engine, { players: 3, seed: 5 });
    session.apply({ type: "boost", player: 0, amount: 2 });
    const real = session.state;
    // The same game as seat 1 sees it, with the others' lucky numbers and seat 0's secret boost changed.
    const other: RaceState = {
      ...real,
      lucky: [7 - real.lucky[0]!, real.lucky[1]!, 7 - real.lucky[2]!],
      boosts: [0, null, null],
    };
    expect(engine.view(other, 1)).toEqual(engine.view(real, 1));
    for (const make of [(s: number) => new MctsAgent(s, { iterations: 100 }), (s: number) => new GreedyAgent(s)]) {
      for (let seed = 0; seed < 5; seed++) {
        expect(make(seed).choose(engine, other, 1)).toEqual(make(seed).choose(engine, real, 1));
      }
    }
  });

  it("leave the real state alone", () => {
    const session = Session.create(engine, { players: 2, seed: 9 });
    const before = JSON.stringify(session.state);
    new MctsAgent(1, { iterations: 50 }).choose(engine, session.state, 0);
    new GreedyAgent(1).choose(engine, session.state, 0);
    expect(JSON.stringify(session.state)).toBe(before);
  });

  it("refuse an engine that cannot imagine a game from a seat's view", () => {
    const blind = { ...engine, determinize: undefined };
    const state = blind.newGame({ players: 2, seed: 1 });
    expect(() => new MctsAgent(1, { iterations: 10 }).choose(blind, state, 0)).toThrow(/has no determinize/);
  });
});

describe("agents named on the command line", () => {
  it("are random, greedy with an optional depth and number of worlds, or mcts with iterations and an optional rollout depth", () => {
    expect(makeAgent("random", 1)).toBeInstanceOf(RandomAgent);
    expect(makeAgent("greedy", 1)).toBeInstanceOf(GreedyAgent);
    expect(makeAgent("greedy:2", 1)).toBeInstanceOf(GreedyAgent);
    expect(makeAgent("greedy:2:4", 1)).toBeInstanceOf(GreedyAgent);
    expect(agentNameProblem("greedy:1:0")).toMatch(/a depth and a number of worlds of at least 1/);
    expect(makeAgent("mcts:400", 1)).toBeInstanceOf(MctsAgent);
    expect(makeAgent("mcts:400:60", 1)).toBeInstanceOf(MctsAgent);
    expect(makeAgent("mcts:400:0", 1)).toBeInstanceOf(MctsAgent);
    expect(agentNameProblem("mcts")).toMatch(/unknown agent "mcts"/);
    expect(agentNameProblem("mcts:0")).toMatch(/at least 1 iteration/);
    expect(agentNameProblem("alphazero")).toMatch(
      /agents: random, greedy, greedy:DEPTH\[:WORLDS\] \(e\.g\. greedy:2:2\), mcts:ITERATIONS/,
    );
    expect(seatAgents(["mcts:10", "random"], 3)).toEqual(["mcts:10", "random", "mcts:10"]);
  });

  it("play a simulation's seats, reproducibly, and the summary says who played", () => {
    const options = { games: 30, seed: 3, players: 2, agents: ["mcts:50", "random"] };
    const one = simulate(engine, options);
    const again = simulate(engine, options);
    expect(one.agents).toEqual(["mcts:50", "random"]);
    expect(one.winRate).toEqual(again.winRate);
    expect(one.winRate[0]).toBeGreaterThan(one.winRate[1]!);
    expect(() => simulate(engine, { ...options, agents: ["nobody"] })).toThrow(/unknown agent "nobody"/);
  });
});

/**
 * A market with one free token: take it, drop it, or leave (then walk home, which ends the game). Nothing is worth
 * more than anything else, and the view shows only the token: taking and dropping it again and again is a circle
 * that only what the agent has already done from each view breaks.
 */
interface Market {
  token: boolean;
  away: boolean;
  home: boolean;
}
type MarketAction = { type: "take" | "drop" | "leave" | "walk"; player: number };
const market: Engine<Market, MarketAction, { token: boolean }> = {
  name: "market",
  title: "Market",
  source: "market.rules",
  sourceHash: "0",
  minPlayers: 1,
  maxPlayers: 1,
  variants: ["base"],
  newGame: () => ({ token: false, away: false, home: false }),
  toAct: (s) => (s.home ? [] : [0]),
  mayAct: () => [],
  isOver: (s) => s.home,
  legalActions: (s, seat) => {
    if (s.home || seat !== 0) return [];
    if (s.away) return [{ type: "walk", player: 0 }];
    return [
      { type: s.token ? "drop" : "take", player: 0 },
      { type: "leave", player: 0 },
    ];
  },
  check: () => null,
  apply: (s, a) => {
    if (a.type === "take" || a.type === "drop") s.token = a.type === "take";
    if (a.type === "leave") s.away = true;
    if (a.type === "walk") s.home = true;
  },
  view: (s) => ({ token: s.token }),
  outcome: (s) => (s.home ? { scores: [0], ranks: [1], winners: [0] } : null),
  standing: () => ({ scores: [0], ranks: [1], winners: [0] }),
  determinize: (s) => structuredClone(s),
  validateState: () => null,
};

describe("a search agent going round in a circle", () => {
  it("takes the way out rather than an action it has already taken from the same view", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const agent = new MctsAgent(seed, { iterations: 8 });
      const state = market.newGame({ players: 1, seed });
      let decisions = 0;
      while (!market.isOver(state) && decisions < 40) {
        market.apply(state, agent.choose(market, state, 0));
        decisions++;
      }
      expect(market.isOver(state), `seed ${seed}`).toBe(true);
    }
  });
});

describe("the tree search's action keys", () => {
  it("two actions share a key exactly when they are the same action (as JSON)", () => {
    // Every action of a small world: values that could run together once written out, each field there or not.
    const values: unknown[] = [undefined, 1, -1, 10, "1", "a", "", "1,", "1,y=1", "1,y:1", { kind: "buy" }, null, true];
    const actions: Record<string, unknown>[] = [];
    for (const type of ["Move", "Move,", "Move,player=0"])
      for (const player of [0, 1])
        for (const x of values)
          for (const y of values) {
            const action: Record<string, unknown> = { type, player };
            if (x !== undefined) action.x = x;
            if (y !== undefined) action.y = y;
            actions.push(action);
          }
    const byKey = new Map<string, Set<string>>();
    for (const action of actions) {
      const key = actionKey(action as unknown as EngineAction);
      byKey.set(key, (byKey.get(key) ?? new Set()).add(JSON.stringify(action)));
    }
    expect(byKey.size).toBe(actions.length);
  });
});
