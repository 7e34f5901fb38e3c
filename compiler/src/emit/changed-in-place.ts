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

export function changedInSearch(program: Program): MayChange {
  const changed = new Set<string>();
  const walked = new Set<string>();
  const note = (t: Type | undefined): void => {
    if (t !== undefined) changed.add(typeToString(t));
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
      if (x.target === "builtin" && x.callee.text === "draw") note(x.args[0]?.type);
    });
  const block = (b: Block): void =>
    forEachStmt(b, (s) => {
      // The container whose slot changes: a record's field, a list's element, a map's value; a list added to,
      // removed from or shuffled.
      if (s.kind === "assign" && s.target.kind === "member" && s.target.object.type?.kind === "record")
        note(s.target.object.type);
      if (s.kind === "assign" && s.target.kind === "index") note(s.target.object.type);
      if (s.kind === "add" || s.kind === "remove" || s.kind === "shuffle") note(s.list.type);
      exprsOf(s).forEach(calls);
    });
  for (const b of program.completing) block(b.body);

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
  return mayChange;
}
