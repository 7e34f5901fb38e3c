/**
 * What the searches of `completing` blocks may change in place: the fields of the game their writes lie in, and the
 * types of the lists, maps, decks and records written into (`add`, `remove`, `shuffle`, `draw`, `x.f = ...`,
 * `a[i] = ...`), in the blocks and the procedures they call (`written-places.ts`). A search stops where the block
 * ends, so nothing else runs on its copies: what none of these writes reaches, the copies share. (A `can` copies
 * nothing: its trials undo what they change, trials.ts.)
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
import { forEachWrite, procVersions, rootOf } from "./written-places.ts";
import { askedByCan } from "./trials.ts";

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
  // A place written: the container whose slot changes (a record's field, a list's element, a map's value; a list
  // added to, removed from or shuffled) by its type, and the field of the game it lies in.
  const note = (place: Expr, inPlace: boolean): void => {
    if (inPlace) noteType(place.type);
    else if ((place.kind === "member" && place.object.type?.kind === "record") || place.kind === "index")
      noteType(place.object.type);
    const root = rootOf(place, inPlace);
    if (root.kind === "player") playerFields.add(root.field);
    else if (root.kind === "global") globals.add(root.field);
    else if (root.kind === "anywhere") rootsKnown = false;
  };
  // The procedure a `can` asks is played by its trial, which changes nothing in the end.
  const asked = askedByCan(program);
  const calls = (e: Expr): void =>
    forEachExpr(e, (x) => {
      if (x.kind !== "call" || x.target !== "proc" || asked.has(x) || walked.has(x.callee.text)) return;
      walked.add(x.callee.text);
      for (const version of procVersions(program, x.callee.text)) block(version.body);
    });
  const block = (b: Block): void =>
    forEachStmt(b, (s) => {
      forEachWrite(s, note);
      if (s.kind === "allow" || s.kind === "end") allowances = true;
      exprsOf(s).forEach(calls);
    });
  for (const b of program.completing) if (b.kind !== "can") block(b.body);

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
