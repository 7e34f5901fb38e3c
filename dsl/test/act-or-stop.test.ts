/**
 * `act p: A | B or stop "label"`: actions offered again and again, until the player stops or none is allowed.
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError, statement, withCode } from "./helpers.ts";

const ACTIONS =
  'action Step { }\naction Rest { }\nper player { n: int }\nproc turn(p: Player) { act p: Step | Rest or stop "Done" }';

describe("`act ... or stop`", () => {
  it("parses the actions, `stop` and its label", () => {
    const s = statement('act players[0]: Step | Rest or stop "End the movement"', "action Step { }\naction Rest { }");
    expect(s).toMatchObject({ kind: "act", actions: [{ text: "Step" }, { text: "Rest" }] });
    expect(s.kind === "act" && s.orStop?.label?.value).toBe("End the movement");
  });

  it("takes no label: the answer then reads `stop`", () => {
    const s = statement("act players[0]: Step or stop", "action Step { }");
    expect(s.kind === "act" && s.orStop).toMatchObject({ span: { column: 25 } });
    expect(s.kind === "act" && s.orStop?.label).toBeUndefined();
  });

  it("checks clean, and a test may answer `play 0 stop`", () => {
    loadClean(game(ACTIONS, "for p in players { turn(p) }") + 'test "stop" { players 2  play 0 stop  play 1 Step }\n');
  });

  it("refuses a label with holes", () => {
    const text = game(
      'action Step { }\nproc turn(p: Player) { act p: Step or stop "Done with {p}" }',
      "for p in players { turn(p) }",
    );
    expect(soleError(text, Codes.invalidValue).message).toBe("the label of `or stop` is plain text");
  });

  it("refuses a choice named `stop` beside it", () => {
    const text = game(
      ACTIONS + "\nproc other(p: Player) { choose stop: bool by p }",
      "for p in players { turn(p)  other(p) }",
    );
    expect(withCode(text, Codes.duplicate).map((d) => d.message)).toEqual([
      "`stop` is the answer of `or stop` (line 5)",
    ]);
  });

  it("leaves `stop` unknown in tests of rules that never offer it", () => {
    const text = game("action Step { }\nproc turn(p: Player) { act p: Step }", "for p in players { turn(p) }");
    expect(withCode(text + 'test "t" { players 2  play 0 stop }\n', Codes.unknownName).map((d) => d.message)).toEqual([
      "unknown action or choice `stop`",
    ]);
  });
});
