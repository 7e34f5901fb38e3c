/**
 * What the searches of `completing` blocks may change in place: the types of the lists, maps, decks and records that
 * the blocks, and the procedures they call, write into (`add`, `remove`, `shuffle`, `draw`, `x.f = ...`,
 * `a[i] = ...`). A search stops where the outermost block ends, so nothing else runs on its copies: a part of the
 * state holding none of these types is never written there, and the copies share it.
 */
import {
  exprsOf,
  forEachExpr,
  forEachStmt,
  typeToString,
  type Block,
  type Expr,
  type Program,
  type Type,
} from "@rules/dsl";

/** A predicate on types: whether a value of that type may hold something a search changes in place. */
export type MayChange = (t: Type) => boolean;

/**
 * What a search changes in place: the types of the containers written into (how deep a copy must go), and the fields
 * of the game every write starts from (`market[r] += 1` from `market`, `remove r from p.display[i].cubes` from the
 * players' `display`, `p.coins -= 2` from their `coins`): only those need copying. `roots` is undefined when some
 * write starts elsewhere (then every field is copied by its type).
 */
export interface ChangedInSearch {
  readonly mayChange: MayChange;
  /** Whether searched rules change the allowances under way (an `allow` block adds to them, an `end` clears them). */
  readonly allowances: boolean;
  readonly roots: { readonly globals: ReadonlySet<string>; readonly playerFields: ReadonlySet<string> } | undefined;
}

export function changedInSearch(program: Program): ChangedInSearch {
  const changed = new Set<string>();
  const globals = new Set<string>();
  const playerFields = new Set<string>();
  let rootsKnown = true;
  let allowances = false;
  const walked = new Set<string>();
  const noteType = (t: Type | undefined): void => {
    if (t !== undefined) changed.add(typeToString(t));
  };
  // The field of the game a written place lies in. A `let` holds a copy, in its frame, which searches copy; a
  // parameter, a loop's variable or a binding may be a record or list of the game itself, lying anywhere.
  // `inPlace`: the place itself is changed (a list added to), not given a new value.
  const noteRoot = (place: Expr, inPlace: boolean): void => {
    for (let x = place; ; x = x.object) {
      if (x.kind === "member" && x.object.type?.kind === "player") {
        playerFields.add(x.name.text);
        return;
      }
      if (x.kind === "name") {
        if (x.ref?.kind === "global") globals.add(x.ref.field);
        else if (x.ref?.kind !== "local" || (x.ref.symbol.origin !== "let" && (inPlace || x !== place)))
          rootsKnown = false;
        return;
      }
      if (x.kind !== "member" && x.kind !== "index") {
        rootsKnown = false;
        return;
      }
    }
  };
  // A container written into: its type, and where it lies.
  const note = (container: Expr): void => {
    noteType(container.type);
    noteRoot(container, true);
  };
  const bodiesOf = (proc: string): Block[] => [
    ...(program.procs.has(proc) ? [program.procs.get(proc)!.body] : []),
    ...program.variants.flatMap((v) =>
      v.replacements.flatMap((r) => (r.kind === "proc" && r.name.text === proc ? [r.body] : [])),
    ),
  ];
  const calls = (e: Expr): void =>
    forEachExpr(e, (x) => {
      if (x.kind !== "call") return;
      if (x.target === "proc" && !walked.has(x.callee.text)) {
        walked.add(x.callee.text);
        for (const body of bodiesOf(x.callee.text)) block(body);
      }
      // `draw(list)` takes the top element off the list.
      if (x.target === "builtin" && x.callee.text === "draw" && x.args[0]) note(x.args[0]);
    });
  const block = (b: Block): void =>
    forEachStmt(b, (s) => {
      // The container whose slot changes: a record's field, a list's element, a map's value; a list added to,
      // removed from or shuffled.
      if (s.kind === "assign" && s.target.kind === "member" && s.target.object.type?.kind === "record")
        noteType(s.target.object.type);
      if (s.kind === "assign" && s.target.kind === "index") noteType(s.target.object.type);
      if (s.kind === "assign") noteRoot(s.target, false);
      if (s.kind === "allow" || s.kind === "end") allowances = true;
      if (s.kind === "add" || s.kind === "remove" || s.kind === "shuffle") note(s.list);
      exprsOf(s).forEach(calls);
    });
  for (const b of program.completing) {
    if (b.kind === "can") calls(b.call);
    else block(b.body);
  }

  const memo = new Map<string, boolean>();
  const mayChange: MayChange = (t) => {
    const key = typeToString(t);
    const known = memo.get(key);
    if (known !== undefined) return known;
    memo.set(key, false); // a record holding itself: false until its fields say otherwise
    let result = changed.has(key);
    if (!result) {
      switch (t.kind) {
        case "list":
          result = mayChange(t.element);
          break;
        case "deck":
          // A deck's draw and discard piles are lists of its cards.
          result = changed.has(`list<${typeToString(t.element)}>`) || mayChange(t.element);
          break;
        case "map":
          result = mayChange(t.value);
          break;
        case "optional":
          result = mayChange(t.inner);
          break;
        case "record":
          result = [...(program.records.get(t.name)?.fields.values() ?? [])].some((f) => mayChange(f.type));
          break;
        case "enum":
          result = [...(program.unions.get(t.name)?.members.values() ?? [])].some((m) =>
            m.fields.some((f) => mayChange(f.type)),
          );
          break;
        default:
          result = false;
      }
    }
    memo.set(key, result);
    return result;
  };
  return { mayChange, allowances, roots: rootsKnown ? { globals, playerFields } : undefined };
}
