/**
 * Which rules change nothing when they run again: no write to the game, no random draw, no decision, no procedure
 * called. A decision asked again after an interrupt may be asked from the head of its `while` loop when only such
 * rules lie between the two (see `MachineBuilder`): running them again on the same game leads back to it, and on a
 * game the interrupt changed, to wherever the rules now lead.
 */
import { forEachExpr, type Expr, type Stmt } from "@rules/dsl";

/** Builtins that change a list or draw from the game's generator. */
const CHANGING_BUILTINS: ReadonlySet<string> = new Set(["draw", "pick", "random", "shuffled", "reshuffle"]);

function exprChangesNothing(e: Expr | undefined): boolean {
  if (e === undefined) return true;
  let pure = true;
  forEachExpr(e, (x) => {
    if (x.kind !== "call") return;
    if (x.target === "proc" || (x.target === "builtin" && CHANGING_BUILTINS.has(x.callee.text))) pure = false;
  });
  return pure;
}

/** Whether running `s` again changes nothing but the routine's own locals. */
export function changesNothing(s: Stmt): boolean {
  const all = (statements: readonly Stmt[]): boolean => statements.every(changesNothing);
  switch (s.kind) {
    case "let":
      return exprChangesNothing(s.value);
    case "require":
      return exprChangesNothing(s.condition);
    case "break":
    case "return":
      return exprChangesNothing(s.kind === "return" ? s.value : undefined);
    case "if":
      return (
        exprChangesNothing(s.condition) &&
        all(s.then.statements) &&
        (s.otherwise === undefined || all(s.otherwise.statements))
      );
    case "while":
      return exprChangesNothing(s.condition) && all(s.body.statements);
    default:
      return false;
  }
}
