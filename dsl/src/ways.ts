/**
 * The language's ways across a grid, `reachable(h from start, ...)` and `route(h from start, ...)`: their names and
 * the rules a way is given by name, shared by the syntax tree's builder, the checker and the language server.
 */

export type WayBuiltin = "reachable" | "route";

/** The builtins whose first argument names the square a way's rules speak of (`h from start`). */
export const WAY_BUILTINS: ReadonlySet<string> = new Set<WayBuiltin>(["reachable", "route"]);

/** Each rule a way may be given, read for every square (`h`) or once. */
export const WAY_RULES: Readonly<Record<string, { readonly perSquare: boolean; readonly describe: string }>> = {
  to: { perSquare: false, describe: "the square the way goes to (`route` only)" },
  within: { perSquare: false, describe: "the most a way may cost" },
  corners: {
    perSquare: false,
    describe:
      "on a square grid, whether a way also goes through a cell's corners, as a king moves (not when not given)",
  },
  cost: { perSquare: true, describe: "what entering the square costs (1 when not given)" },
  enter: { perSquare: true, describe: "whether a way may enter the square (any when not given)" },
  stop: { perSquare: true, describe: "whether a way that enters the square must end there (none when not given)" },
};

/** The rules `name` takes, in the order the guide lists them. */
export function wayRuleNames(name: WayBuiltin): string[] {
  return Object.keys(WAY_RULES).filter((r) => name === "route" || r !== "to");
}
