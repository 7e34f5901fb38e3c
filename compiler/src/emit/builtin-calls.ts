/**
 * The language's built-in functions as TypeScript: most become a runtime helper (`hexDistance`, `cellStep`,
 * `mapSize`...), a few an operator or a method (`next` of a seat, `size` of a list). Aggregates, comprehensions and
 * `members` are lifted by the expression emitter itself (`expressions.ts`).
 */
import type { Call, Type } from "@rules/dsl";

/** What some built-ins need of their arguments besides the emitted code. */
export interface BuiltinOperands {
  /** The argument at `i`, parenthesized where a member access follows it. */
  paren(i: number): string;
  /** The argument at `i` as the place it is stored (`isSet` reads the field itself). */
  place(i: number): string;
  /**
   * The map at argument `i` read at `key`, in place (undefined for no value): each `has` and `get` keeps its own
   * inline cache, where a shared helper would see maps of every shape in the rules.
   */
  read(i: number, key: string): string;
  /** Whether the argument at `i` is a new value nobody else holds (a list to shuffle in place). */
  fresh(i: number): boolean;
  /** Whether values of `t` compare by content (lists, records, union members) rather than with `===`. */
  structured(t: Type | undefined): boolean;
}

/** A call of the built-in `name`, its arguments emitted as `args`. */
export function builtinCall(name: string, args: readonly string[], e: Call, operands: BuiltinOperands): string {
  const [a, b] = args;
  // The rules line and column, for the helpers that stop the game there.
  const at = `${e.span.line}, ${e.span.column}`;
  switch (name) {
    case "size":
      if (e.args[0]!.type?.kind === "map") return `mapSize(${a})`;
      return `${operands.paren(0)}.length`;
    case "has":
      return `(${operands.read(0, b!)} !== undefined)`;
    case "isSet":
      return `${operands.place(0)} !== null`;
    case "get":
      return `(${operands.read(0, b!)} ?? null)`;
    case "keys": {
      const t = e.args[0]!.type;
      return t?.kind === "map" && t.key.kind === "enum" ? `mapKeys(${a})` : `mapNumberKeys(${a})`;
    }
    case "values":
      return `mapValues(${a})`;
    case "steps":
      return `graphSteps(${args.join(", ")})`;
    case "within":
      return `graphWithin(${args.join(", ")})`;
    case "rowOf": {
      // A key written out was found while checking: its row's position is a constant.
      const row = e.tableRow!;
      if (row.position !== undefined) return String(row.position);
      return `tableRow(${a}, ${JSON.stringify(row.column)}, ${b}, ${at})`;
    }
    case "draw":
      if (e.args[0]!.type?.kind !== "deck") return `drawTop(${a}, ${at})`;
      return e.args[0]!.type.neverReshuffled ? `drawFromPile(${a})` : `drawFromDeck(state.rng, ${a})`;
    case "reshuffle":
      return `reshuffleDeck(state.rng, ${a})`;
    case "pick":
      return `pickRandom(state.rng, ${a}, ${at})`;
    case "random":
      return `randomBetween(state.rng, ${a}, ${b}, ${at})`;
    case "take":
      return `${operands.paren(0)}.slice(0, Math.max(0, ${b}))`;
    case "shuffled":
      return `shuffleInPlace(state.rng, ${operands.fresh(0) ? a : `clone(${a})`})`;
    case "playersFrom":
      return `seatsFrom(state.playerCount, ${a})`;
    case "next":
      return `(${a} + 1) % state.playerCount`;
    case "previous":
      return `(${a} + state.playerCount - 1) % state.playerCount`;
    case "contains":
      return operands.structured(e.args[1]!.type) ? `containsValue(${a}, ${b})` : `${operands.paren(0)}.includes(${b})`;
    case "abs":
      return `Math.abs(${a})`;
    case "min":
      return `Math.min(${a}, ${b})`;
    case "max":
      return `Math.max(${a}, ${b})`;
    case "range":
      return `rangeList(${a}, ${b})`;
    case "score":
      return `score(state, ${a})`;
    case "seat":
      return a!;
    case "indexOf":
      return `indexOfValue(${a}, ${b})`;
    case "hex":
      return `hexOf(${a}, ${b})`;
    case "distance":
      return `hexDistance(${a}, ${b})`;
    case "neighbours":
      return `hexNeighbours(${a})`;
    case "step":
      return e.args[0]?.type?.kind === "cell" ? `cellStep(${args.join(", ")})` : `hexStep(${args.join(", ")})`;
    case "cell":
      return `cellOf(${a}, ${b})`;
    case "adjacent":
      return `cellAdjacent(${a})`;
    case "diagonals":
      return `cellDiagonals(${a})`;
    case "around":
      return `cellAround(${a})`;
    case "line":
      return `cellLine(${args.join(", ")})`;
    case "frontier":
      return `cellFrontier(${a})`;
    case "inside":
      return `cellInside(${args.join(", ")})`;
    case "manhattan":
      return `manhattan(${a}, ${b})`;
    case "kingDistance":
      return `kingDistance(${a}, ${b})`;
    case "offset":
      return `cellOffset(${a})`;
    case "ring":
      return `hexRing(${a}, ${b})`;
    case "disc":
      return `hexDisc(${a}, ${b})`;
    case "rotate":
      return `hexRotate(${a}, ${b})`;
    case "direction":
      return `hexDirection(${a})`;
    default:
      throw new Error(`internal: unknown builtin ${name}`);
  }
}
