/**
 * A check on checked programs: no routine may hold a record from the game state across a decision.
 *
 * A loop variable, a parameter taken `in` a list, a choice taken `in` a list, or an `if let` binding refers to a
 * record inside the state.
 * While the rules wait for a decision, such a reference is stored in the routine's frame; a saved game is plain
 * JSON, so after a restore the frame would hold a copy, no longer the record in the state. Using it after the
 * decision could then read stale data or change a copy. Rather than let a restored game drift from one that was
 * never saved, the rules must look the record up again after the decision.
 */
import type * as A from "./ast.ts";
import type { Program } from "./checker.ts";
import { forEachExpr } from "./ast-walk.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { typeToString, withoutNone } from "./types.ts";

export function checkHeldReferences(program: Program): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<A.LocalSymbol>();
  const routines: { body: A.Block; params: readonly A.ParamSpec[] }[] = [{ body: program.flow.body, params: [] }];
  for (const p of program.procs.values()) routines.push(p);
  for (const a of program.actions.values()) routines.push(a);
  for (const v of program.variants) for (const r of v.replacements) if (r.kind !== "fn") routines.push(r);

  for (const { body, params } of routines) {
    /** References declared so far, and whether a decision has happened since. */
    const live = new Map<A.LocalSymbol, boolean>();
    const holdsReference = (s: A.LocalSymbol | undefined): s is A.LocalSymbol =>
      s !== undefined &&
      withoutNone(s.type).kind === "record" &&
      (s.origin === "for" || s.origin === "param" || s.origin === "choose" || s.origin === "iflet");

    const use = (e: A.Expr): void => {
      forEachExpr(e, (x) => {
        if (x.kind !== "name" || x.ref?.kind !== "local") return;
        const s = x.ref.symbol;
        if (live.get(s) && !reported.has(s)) {
          reported.add(s);
          diagnostics.push(
            error(
              Codes.heldReference,
              x.span,
              `\`${s.name}\` refers to a ${typeToString(withoutNone(s.type))} in the game state, and a decision was taken since \`${s.name}\` was bound`,
              "a saved game cannot keep that link; after the decision, find the record again (for example by its position in its list)",
            ),
          );
        }
      });
    };
    const decide = (): void => {
      for (const s of live.keys()) live.set(s, true);
    };
    const declare = (s: A.LocalSymbol | undefined): void => {
      if (holdsReference(s)) live.set(s, false);
    };

    const statement = (s: A.Stmt): void => {
      switch (s.kind) {
        case "let":
          use(s.value);
          break;
        case "assign":
          use(s.target);
          use(s.value);
          break;
        case "if":
          use(s.condition);
          declare(s.bindingSymbol);
          block(s.then);
          if (s.otherwise) block(s.otherwise);
          break;
        case "match":
          // A member's values are plain (no records), so its bindings hold no references.
          use(s.subject);
          for (const arm of s.arms) block(arm.body);
          break;
        case "for":
          use(s.iterable);
          // Each iteration binds the variable afresh, so decisions of the previous iteration do not count.
          loop(s.body, () => declare(s.symbol));
          break;
        case "while":
          use(s.condition);
          loop(s.body);
          break;
        case "repeat":
          use(s.count);
          loop(s.body);
          break;
        case "require":
          use(s.condition);
          declare(s.bindingSymbol);
          break;
        case "choose":
          use(s.chooser);
          if (s.domain.from) use(s.domain.from);
          decide();
          declare(s.symbol);
          break;
        case "act":
          use(s.player);
          decide();
          break;
        case "allow":
          use(s.player);
          block(s.body);
          break;
        case "add":
        case "remove":
          use(s.value);
          use(s.list);
          break;
        case "shuffle":
          use(s.list);
          break;
        case "expr":
          use(s.expr);
          if (
            s.expr.kind === "call" &&
            s.expr.target === "proc" &&
            program.suspending.has(`proc:${s.expr.callee.text}`)
          ) {
            decide();
          }
          break;
        case "end":
        case "break":
          break;
      }
    };
    const block = (b: A.Block): void => b.statements.forEach(statement);
    // A loop body runs again after its own decisions: walk it twice so that a use early in the body sees a decision
    // made later in the previous iteration.
    const loop = (b: A.Block, eachIteration: () => void = () => {}): void => {
      eachIteration();
      block(b);
      eachIteration();
      block(b);
    };
    for (const p of params) declare(p.symbol);
    block(body);
  }
  return diagnostics;
}
