/**
 * Decks of the rules (`deck<T>`): a face-down draw pile and a face-up discard pile, plain JSON in the state. A draw
 * from an empty pile first shuffles the discard pile into a new one (the common rule); with both empty there is no
 * card.
 */
import { shuffleInPlace, type RngState } from "./random.ts";

export interface Deck<T> {
  /** The draw pile, top card first; players see only how many cards it holds. */
  pile: T[];
  /** The discard pile, most recent last; face up. */
  discard: T[];
}

/** A deck as players see it: how many cards are left to draw, and the discard pile face up. */
export interface DeckView<T> {
  pile: number;
  discard: T[];
}

/** `draw(d)`: the top card, the discard pile shuffled in first when the pile is empty; null when both are empty. */
export function drawFromDeck<T>(rng: RngState, deck: Deck<T>): T | null {
  if (deck.pile.length === 0) reshuffleDeck(rng, deck);
  return deck.pile.length === 0 ? null : (deck.pile.shift() as T);
}

/** `draw(d)` from a deck `never reshuffled`: the top card, or null when the pile is empty. */
export function drawFromPile<T>(deck: Deck<T>): T | null {
  return deck.pile.length === 0 ? null : (deck.pile.shift() as T);
}

/** `reshuffle(d)`: the discard pile goes under the draw pile, and the whole pile is shuffled. */
export function reshuffleDeck<T>(rng: RngState, deck: Deck<T>): void {
  if (deck.discard.length === 0 && deck.pile.length === 0) return;
  for (const card of deck.discard) deck.pile.push(card);
  deck.discard.length = 0;
  shuffleInPlace(rng, deck.pile);
}
