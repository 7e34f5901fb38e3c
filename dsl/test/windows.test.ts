/**
 * Timing windows: "at a shared moment, players announce cards secretly; the cards resolve in turn order" (M&M §5.8).
 * `window name "moment": A | B by order` is the loop of announcements and actions it stands for.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/diagnostics.ts";
import { typeToString } from "../src/types.ts";
import { game, inFlow, loadClean, soleError } from "./helpers.ts";

const ACTIONS = [
  "per player { cards: int = 1 }",
  'action Boost {\n  require me.cards > 0 else "You have no card."\n  me.cards -= 1\n}',
  'action Decline {\n  require me.cards > 0 else "You have no card."\n}',
].join("\n");

describe("timing windows", () => {
  it("announce with a secret choice of all who could act, named like the window, shown as its moment", () => {
    const program = loadClean(inFlow('  window glory "after the roll": Boost | Decline by players', ACTIONS));
    const announce = program.decisions.find((d) => d.kind === "choose");
    expect(announce?.kind === "choose" && [announce.stmt.name.text, announce.stmt.each !== undefined]).toEqual([
      "glory",
      true,
    ]);
    expect(announce?.kind === "choose" && announce.stmt.label?.value).toBe("after the roll");
    expect(typeToString(program.choiceTypes.get("glory")!)).toBe("bool");
    // Then each announcer acts: an `act` of the window's actions.
    const act = program.decisions.find((d) => d.kind === "act");
    expect(act?.kind === "act" && act.stmt.actions.map((a) => a.text)).toEqual(["Boost", "Decline"]);
  });

  it("take their order from any list of players, such as the turn order from a given player", () => {
    loadClean(inFlow('  window glory "now": Boost | Decline by playersFrom(players[1])', ACTIONS));
  });

  it("name actions the rules declare, and an order of players", () => {
    expect(soleError(inFlow('  window glory "now": Boast by players', ACTIONS), Codes.unknownName).message).toBe(
      "unknown action `Boast`",
    );
    expect(soleError(inFlow('  window glory "now": Boost by 3', ACTIONS), Codes.typeMismatch).message).toContain(
      "found int",
    );
  });

  it("`offers(p, Action)` says whether an action has a legal form for a player now", () => {
    loadClean(inFlow("  if offers(players[0], Boost) { act players[0]: Boost | Decline }", ACTIONS));
    expect(soleError(inFlow("  if offers(players[0], 3) { end }", ACTIONS), Codes.typeMismatch).message).toBe(
      "`offers` takes a player and the name of an action",
    );
  });

  it("`window` stays an ordinary name elsewhere", () => {
    loadClean(game("global { window: int }", "  window = 2\n  end"));
  });
});
