/**
 * `hand: list<int> private from combatDeck`: the deck a hidden list's cards are dealt from (`rumor: int? private from
 * rumorDeck`: one card).
 */
import { describe, expect, it } from "vitest";
import { Codes } from "../src/index.ts";
import { game, loadClean, soleError } from "./helpers.ts";

const deck = "global {\n  cards: deck<int>\n  tokens: list<int>\n}\n";

describe("a hidden list dealt from a deck", () => {
  it("names the deck after its visibility, before a shown text", () => {
    const program = loadClean(game(`${deck}per player {\n  hand: list<int> private from cards shown "card {hand}"\n}`));
    const hand = program.playerFields.get("hand")!.decl;
    expect(hand.dealtFrom?.text).toBe("cards");
    expect(hand.visibility.kind).toBe("private");
    expect(hand.shown?.value).toBe("card {hand}");
  });

  it("is refused on a field everyone sees", () => {
    const e = soleError(game(`${deck}per player {\n  hand: list<int> from cards\n}`), Codes.misplaced);
    expect(e.message).toBe("`hand` is seen by everyone: `from` says where the cards of a hidden list come from");
    expect(e.hint).toBe("make the field `private`, `hidden` or `visible if ...`, or leave `from` out");
  });

  it("must name a deck of the game, of the same cards", () => {
    const unknown = soleError(game(`${deck}per player {\n  hand: list<int> private from card\n}`), Codes.unknownName);
    expect(unknown.message).toBe("`card` is not a deck of the game");
    expect(unknown.hint).toBe("name one of the game's decks: cards");
    const notDeck = soleError(
      game(`${deck}per player {\n  hand: list<int> private from tokens\n}`),
      Codes.typeMismatch,
    );
    expect(notDeck.message).toBe("`tokens` is not a deck of the game");
    const other = soleError(game(`${deck}per player {\n  hand: list<bool> private from cards\n}`), Codes.typeMismatch);
    expect(other.message).toBe("cards dealt from `cards` are a list<int> (or one card, int?), not a list<bool>");
    expect(other.hint).toBe("declare `hand: list<int>`, or `hand: int?` for one card");
    // One card must be allowed to be none: a plain number is no card dealt face down.
    const plain = soleError(game(`${deck}per player {\n  rumor: int private from cards\n}`), Codes.typeMismatch);
    expect(plain.message).toBe("cards dealt from `cards` are a list<int> (or one card, int?), not a int");
  });

  it("may be one card face down, or none", () => {
    const program = loadClean(game(`${deck}per player {\n  rumor: int? private from cards\n}`));
    expect(program.playerFields.get("rumor")!.decl.dealtFrom?.text).toBe("cards");
  });

  it("is a player's or the game's field, not a record's", () => {
    const text = game(`${deck}record Seat {\n  owner: Player\n  hand: list<int> private from cards\n}`);
    expect(soleError(text, Codes.misplaced).message).toBe(
      "only a player's or the game's field may say which deck its cards are dealt from",
    );
  });
});
