/** Records held across a decision: links while the rules run, addresses while they wait. */
import { describe, expect, it } from "vitest";
import { freezeHeld, heldProblem, heldRecord, heldRecords, thawHeld, type HeldFields } from "../src/index.ts";

interface Ship {
  id: number;
  hull: number;
}

const FIELDS: HeldFields = { fight: ["target", "rest"], salvage: ["wreck"] };

function game() {
  const fleet: Ship[] = [
    { id: 1, hull: 3 },
    { id: 2, hull: 3 },
  ];
  const fight = { routine: "fight", pc: 1, target: fleet[1] as object | null, rest: [fleet[0], fleet[1]] as unknown[] };
  return { fleet, stack: [fight] as { routine: string; [field: string]: unknown }[] };
}

describe("held records", () => {
  it("are addresses in the state while the game waits, and the records themselves again when it goes on", () => {
    const state = game();
    freezeHeld(state, FIELDS);
    expect(JSON.parse(JSON.stringify(state.stack[0]))).toEqual({
      routine: "fight",
      pc: 1,
      target: { $at: ["fleet", 1] },
      rest: [{ $at: ["fleet", 0] }, { $at: ["fleet", 1] }],
    });
    // Read while waiting (legal actions, checks): found by address.
    expect(heldRecord<Ship>(state, state.stack[0]!.target as Ship)).toBe(state.fleet[1]);
    const restored = JSON.parse(JSON.stringify(state)) as ReturnType<typeof game>;
    thawHeld(restored, FIELDS);
    expect(restored.stack[0]!.target).toBe(restored.fleet[1]);
    expect((restored.stack[0]!.rest as unknown[])[0]).toBe(restored.fleet[0]);
  });

  it("in a list are read as the records while the game waits, and the list is the frame's own while the rules run", () => {
    const state = game();
    const running = state.stack[0]!.rest as Ship[];
    expect(heldRecords(state, running)).toBe(running);
    freezeHeld(state, FIELDS);
    const waiting = state.stack[0]!.rest as Ship[];
    const read = heldRecords(state, waiting);
    expect(read).not.toBe(waiting);
    expect(read[0]).toBe(state.fleet[0]);
    expect(read[1]).toBe(state.fleet[1]);
  });

  it("no longer in the game stay with the frame, and a second holder points at the first", () => {
    const state = game();
    const sunk = state.fleet.pop()!;
    state.stack.push({ routine: "salvage", pc: 0, wreck: sunk });
    freezeHeld(state, FIELDS);
    expect(state.stack[0]!.target).toEqual({ id: 2, hull: 3 });
    expect(state.stack[1]!.wreck).toEqual({ $at: ["stack", 0, "target"] });
    const restored = JSON.parse(JSON.stringify(state)) as ReturnType<typeof game>;
    thawHeld(restored, FIELDS);
    expect(restored.stack[1]!.wreck).toBe(restored.stack[0]!.target);
  });

  it("no longer in the game are not searched for again at the decisions after, and keep their second holder", () => {
    const state = game();
    state.stack[0]!.rest = [];
    const sunk = state.fleet.pop()!;
    state.stack.push({ routine: "salvage", pc: 0, wreck: sunk });
    // The state's walk reads `fleet`; a record once found out of the game needs no walk at the next decision.
    let reads = 0;
    const fleet = state.fleet;
    Object.defineProperty(state, "fleet", { enumerable: true, get: () => (reads++, fleet) });
    freezeHeld(state, FIELDS);
    const walked = reads;
    expect(walked).toBeGreaterThan(0);
    thawHeld(state, FIELDS);
    expect(state.stack[1]!.wreck).toBe(sunk);
    freezeHeld(state, FIELDS);
    expect(reads).toBe(walked);
    expect(state.stack[0]!.target).toBe(sunk);
    expect(state.stack[1]!.wreck).toEqual({ $at: ["stack", 0, "target"] });
  });

  it("are found at their first place in the state's order, or inside a held record no longer in the game", () => {
    const state = game();
    const cargo = { hold: [{ id: 7, hull: 1 }] };
    // The same ship listed twice, and a fleet field after `fleet`: the first place wins.
    const twice = { fleet: state.fleet, pair: [state.fleet[1], state.fleet[1]], stack: state.stack };
    twice.stack.push({ routine: "salvage", pc: 0, wreck: cargo.hold[0]! });
    twice.stack.unshift({ routine: "salvage", pc: 0, wreck: cargo as unknown as Ship });
    freezeHeld(twice, FIELDS);
    expect(twice.stack[1]!.target).toEqual({ $at: ["fleet", 1] });
    // Out of the game, the cargo stays in the first frame, and the ship in its hold is addressed through it.
    expect(twice.stack[0]!.wreck).toBe(cargo);
    expect(twice.stack[2]!.wreck).toEqual({ $at: ["stack", 0, "wreck", "hold", 0] });
  });

  it("keep their address across decisions while they stay, and get the new one once they move", () => {
    const state = game();
    freezeHeld(state, FIELDS);
    thawHeld(state, FIELDS);
    freezeHeld(state, FIELDS);
    expect(state.stack[0]!.target).toEqual({ $at: ["fleet", 1] });
    thawHeld(state, FIELDS);
    state.fleet.reverse(); // the rules moved the held ship to the front of its list
    freezeHeld(state, FIELDS);
    expect(state.stack[0]!.target).toEqual({ $at: ["fleet", 0] });
    expect(state.stack[0]!.rest).toEqual([{ $at: ["fleet", 1] }, { $at: ["fleet", 0] }]);
  });

  it("leave a state without held records untouched", () => {
    const state = { fleet: [{ id: 1, hull: 3 }], stack: [{ routine: "fight", pc: 0, target: null, rest: [] }] };
    const before = JSON.stringify(state);
    freezeHeld(state, FIELDS);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("whose address leads nowhere make a restored state invalid, with the reason", () => {
    const state = game();
    freezeHeld(state, FIELDS);
    const json = JSON.parse(JSON.stringify(state)) as ReturnType<typeof game>;
    expect(heldProblem(json, json.stack, FIELDS)).toBeNull();
    json.stack[0]!.target = { $at: ["fleet", 9] };
    expect(heldProblem(json, json.stack, FIELDS)).toBe('a held record\'s address ["fleet",9] leads nowhere');
    json.stack[0]!.target = { $at: ["fleet"] };
    expect(heldProblem(json, json.stack, FIELDS)).toBe('a held record\'s address ["fleet"] does not lead to a record');
    json.stack[0]!.target = { $at: ["stack", 0, "target"] };
    expect(heldProblem(json, json.stack, FIELDS)).toBe("held records' addresses go round in a circle");
    json.stack[0]!.target = { $at: ["__proto__"] };
    expect(heldProblem(json, json.stack, FIELDS)).toBe('a held record\'s address ["__proto__"] leads nowhere');
  });
});
