/**
 * The places rules write, and where each lies: what the searches of `completing` blocks must copy
 * (`changed-in-place.ts`) is read from them. And every version of a procedure (the base one and its variants').
 */
import { builtinFunctions, exprsOf, forEachExpr, type Expr, type ProcDecl, type Program, type Stmt } from "@rules/dsl";

/**
 * Where a written place lies: in a player's field (`p.display[i].cubes` in `display` of `p`), in a field of the game
 * (`market[r]`), in the rule's own frame (a `let`, which holds a copy, or any local given a new value), or anywhere:
 * a parameter, a loop's variable or a binding may be a record or list of the game itself, lying where it likes.
 */
export type Root =
  | { readonly kind: "player"; readonly player: Expr; readonly field: string }
  | { readonly kind: "global"; readonly field: string }
  | { readonly kind: "frame" }
  | { readonly kind: "anywhere" };

/** Where `place` lies. `inPlace`: the place itself is changed (a list added to), not given a new value. */
export function rootOf(place: Expr, inPlace: boolean): Root {
  for (let x = place; ; x = x.object) {
    if (x.kind === "member" && x.object.type?.kind === "player")
      return { kind: "player", player: x.object, field: x.name.text };
    if (x.kind === "name") {
      if (x.ref?.kind === "global") return { kind: "global", field: x.ref.field };
      const mine = x.ref?.kind === "local" && (x.ref.symbol.origin === "let" || (!inPlace && x === place));
      return mine ? { kind: "frame" } : { kind: "anywhere" };
    }
    if (x.kind !== "member" && x.kind !== "index") return { kind: "anywhere" };
  }
}

/**
 * Each place statement `s` writes itself (not in the blocks it holds): an assignment's target (given a new value), a
 * list added to, removed from or shuffled, and what a builtin with an effect changes (`draw(list)`) in its values.
 */
export function forEachWrite(s: Stmt, visit: (place: Expr, inPlace: boolean) => void): void {
  if (s.kind === "assign") visit(s.target, false);
  if (s.kind === "add" || s.kind === "remove" || s.kind === "shuffle") visit(s.list, true);
  for (const e of exprsOf(s)) {
    forEachExpr(e, (x) => {
      if (x.kind === "call" && x.target === "builtin" && builtinFunctions[x.callee.text]?.effect && x.args[0])
        visit(x.args[0], true);
    });
  }
}

/** A procedure's versions: the rules' own, and those of the variants that replace it. */
export function procVersions(program: Program, name: string): ProcDecl[] {
  const own = program.procs.get(name);
  return [
    ...(own ? [own] : []),
    ...program.variants.flatMap((v) =>
      v.replacements.flatMap((r) => (r.kind === "proc" && r.name.text === name ? [r] : [])),
    ),
  ];
}
