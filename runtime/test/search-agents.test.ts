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
} from "../src/index.ts";
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
  it("are random, greedy or mcts with iterations and an optional rollout depth", () => {
    expect(makeAgent("random", 1)).toBeInstanceOf(RandomAgent);
    expect(makeAgent("greedy", 1)).toBeInstanceOf(GreedyAgent);
    expect(makeAgent("mcts:400", 1)).toBeInstanceOf(MctsAgent);
    expect(makeAgent("mcts:400:60", 1)).toBeInstanceOf(MctsAgent);
    expect(agentNameProblem("mcts")).toMatch(/unknown agent "mcts"/);
    expect(agentNameProblem("mcts:0")).toMatch(/at least 1 iteration/);
    expect(agentNameProblem("alphazero")).toMatch(/agents: random, greedy, mcts:ITERATIONS/);
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
