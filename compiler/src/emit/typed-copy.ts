/**
 * A value copied by its type: numbers and names as they are, a list of plain values by `slice`, a record field by
 * field through its copy function (`copyX`, `cloneX`, written by `state-copy.ts` for the records a copy reaches)...
 * several times faster than a generic deep copy walking keys. The copies of the state use it (`state-copy.ts`), and
 * so do the rules' own copies of what they store (`copyForStoring`).
 */
import type { Program, Type } from "@rules/dsl";
import type { MayChange } from "./changed-in-place.ts";
import { arrowBody, isFlatValue, tsType } from "./ts-types.ts";
import { typeName } from "./naming.ts";

/** What a copy needs to know: the program, and which types a search may change in place (`changed-in-place.ts`). */
export interface Copying {
  readonly program: Program;
  readonly mayChange: MayChange;
  /** The records whose copy functions (`copyX`, `cloneX`) the code written so far calls. */
  readonly called: Set<string>;
  /** What the copy functions' names start with: `copy` for a search's copies, `clone` for whole ones. */
  readonly prefix: "copy" | "clone";
}

/** Whether a value of type `t` is taken as it is: a plain value, or one no search changes (shared by the copies). */
function isTaken(c: Copying, t: Type): boolean {
  return isFlatValue(c.program, t) || !c.mayChange(t);
}

/** Whether a spread copies a union's values: every member carries values taken as they are. */
function isFlatUnion(c: Copying, name: string): boolean {
  const union = c.program.unions.get(name);
  return union !== undefined && [...union.members.values()].every((m) => m.fields.every((f) => isTaken(c, f.type)));
}

/** Whether a spread copies a record: every field holds a value taken as it is. */
function isFlatRecord(c: Copying, name: string): boolean {
  return [...(c.program.records.get(name)?.fields.values() ?? [])].every((f) => isTaken(c, f.type));
}

/**
 * An expression copying `v` (a simple access path, read more than once) of type `t`; `depth` names inner loops.
 * `written`: a field of the game a search writes into (its value, or what it holds), copied even where values of
 * its type are not.
 */
export function copyOf(c: Copying, t: Type, v: string, depth = 0, written = false): string {
  if (written ? isFlatValue(c.program, t) : isTaken(c, t)) return v;
  switch (t.kind) {
    case "optional":
      return `${v} === null ? null : ${copyOf(c, t.inner, v, depth, written)}`;
    case "list": {
      if (isTaken(c, t.element)) return `${v}.slice()`;
      const x = `x${depth}`;
      return `${v}.map((${x}) => ${arrowBody(copyOf(c, t.element, x, depth + 1))})`;
    }
    case "deck":
      return isTaken(c, t.element)
        ? `{ pile: ${v}.pile.slice(), discard: ${v}.discard.slice() }`
        : `clone<${tsType(t)}>(${v})`;
    case "map": {
      if (isTaken(c, t.value)) return `{ ...${v} }`;
      const x = `x${depth}`;
      return `mapMapValues(${v}, (${x}) => ${arrowBody(copyOf(c, t.value, x, depth + 1))})`;
    }
    case "record":
      if (isFlatRecord(c, t.name)) return `{ ...${v} }`;
      c.called.add(t.name);
      return `${c.prefix}${typeName(t.name)}(${v})`;
    case "enum":
      return isFlatUnion(c, t.name) ? `{ ...${v} }` : `clone<${tsType(t)}>(${v})`;
    default:
      return `clone<${tsType(t)}>(${v})`;
  }
}

/**
 * A copy of `operand`, a value of type `t` a rule stores (a list of records, a record holding lists...) written as one
 * operand, copied by its type as the whole copies are, calling `cloneX` for records (`called` gathers their names, for
 * `emitWholeCopy` to write). Undefined where that copy would read the value more than once and `operand` is not a
 * plain access path (an optional or a deck given by a call): the caller copies generically.
 */
export function copyForStoring(program: Program, called: Set<string>, t: Type, operand: string): string | undefined {
  if ((t.kind === "optional" || t.kind === "deck") && !/^[\w$.]+$/.test(operand)) return undefined;
  return copyOf({ program, mayChange: () => true, called, prefix: "clone" }, t, operand);
}
