/**
 * The shape of an engine's views, from the rules' own types (`Engine.viewShape`): what a generic board (the browser
 * page of `rules serve`) needs to draw any game without knowing it. A map keyed by hexes is a hex board, one keyed by
 * cells a square grid, a list of records a row of cards.
 */

/** A value's type as the rules declare it. */
export type ValueShape =
  | { readonly kind: "int" | "bool" | "string" | "player" | "hex" | "cell" }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "record"; readonly name: string }
  | { readonly kind: "list" | "deck" | "optional"; readonly of: ValueShape }
  | { readonly kind: "map"; readonly key: ValueShape; readonly value: ValueShape };

/**
 * A field of the state as a view shows it: its type; how it is hidden (a `private` field is null for all but its
 * owner, a `hidden` list shows its size, `visible if` may be null); `shown` fields read as text.
 */
export interface FieldShape {
  readonly type: ValueShape;
  readonly visibility: "public" | "private" | "hidden" | "valuesHidden" | "visibleIf";
  readonly shown?: true;
}

export interface ViewShape {
  /** Each player's fields (`per player`), in declaration order. */
  readonly players: Readonly<Record<string, FieldShape>>;
  /** The game's own fields (`global`), in declaration order. */
  readonly table: Readonly<Record<string, FieldShape>>;
  /** Each record type's fields. */
  readonly records: Readonly<Record<string, Readonly<Record<string, FieldShape>>>>;
  /** The board every player sees, as `Engine.boardView` gives it (derived data laying something on squares). */
  readonly board?: Readonly<Record<string, FieldShape>>;
}
