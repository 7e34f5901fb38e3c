/**
 * What the emitter asks of the whole checked tree rather than of one rule: the calls written anywhere in the rules,
 * and the names of their locals. Gathered in one walk per program, kept for the rest of its compile: a walk of the
 * largest ruleset's tree costs some 15 ms, and a recompile after each save should not take it once per question.
 */
import { forEachTreeNode, isLocalSymbol, type Call, type Program } from "@rules/dsl";

export interface TreeFacts {
  /** Every call in the rules (of a builtin, fn, way, proc, record or enum member), in no particular order. */
  readonly calls: readonly Call[];
  /** The names of every local of the rules (parameters, `let`s, loop and binding names), as the checker bound them. */
  readonly localNames: ReadonlySet<string>;
}

const known = new WeakMap<Program, TreeFacts>();

export function treeFacts(program: Program): TreeFacts {
  const found = known.get(program);
  if (found !== undefined) return found;
  const calls: Call[] = [];
  const localNames = new Set<string>();
  forEachTreeNode(program.file, (node) => {
    if (isLocalSymbol(node)) localNames.add(node.name);
    else if ((node as { kind?: unknown }).kind === "call") calls.push(node as Call);
  });
  const facts = { calls, localNames };
  known.set(program, facts);
  return facts;
}
