/**
 * Which locals hold a record of the game across a decision.
 *
 * A loop variable, a parameter, a choice taken `in` a list or an `if let` binding refers to a record inside the
 * state: changing its fields changes the game. When such a local is still used after a decision, the routine waits
 * with the record in its frame; the engine then keeps the link as the record's address while the game waits (a
 * save is plain JSON) and as the record itself while the rules run (runtime `held.ts`). This pass marks those
 * locals (`heldAcrossDecision`), the variables of loops over records that decide inside their body (the
 * frame keeps the rest of the list, whose records the next iterations change), and the lists a loop of choices over
 * records has left, with its picks.
 */
import type * as A from "./ast.ts";
import type { Program } from "./checker.ts";
import { forEachExpr } from "./ast-walk.ts";
import { withoutNone } from "./types.ts";

export function markHeldReferences(program: Program): void {
  const routines: { body: A.Block; params: readonly A.ParamSpec[] }[] = [{ body: program.flow.body, params: [] }];
  for (const p of program.procs.values()) routines.push(p);
  for (const a of program.actions.values()) routines.push(a);
  for (const v of program.variants) for (const r of v.replacements) if (r.kind !== "fn") routines.push(r);

  for (const { body, params } of routines) {
    /** References declared so far, and whether a decision has happened since. */
    const live = new Map<A.LocalSymbol, boolean>();
    let decisions = 0;
    const holdsReference = (s: A.LocalSymbol | undefined): s is A.LocalSymbol =>
      s !== undefined &&
      withoutNone(s.type).kind === "record" &&
      (s.origin === "for" || s.origin === "param" || s.origin === "choose" || s.origin === "iflet");

    const holdsRecords = (s: A.LocalSymbol): boolean =>
      s.type.kind === "list" && withoutNone(s.type.element).kind === "record";
    const pickedFromHeld = (s: A.ChooseStmt): boolean =>
      s.domain.from?.kind === "name" &&
      s.domain.from.ref?.kind === "local" &&
      s.domain.from.ref.symbol.heldAcrossDecision === true;

    const use = (e: A.Expr): void => {
      forEachExpr(e, (x) => {
        if (x.kind !== "name" || x.ref?.kind !== "local") return;
        const s = x.ref.symbol;
        if (live.get(s)) s.heldAcrossDecision = true;
      });
    };
    const decide = (): void => {
      decisions++;
      for (const s of live.keys()) live.set(s, true);
    };
    const declare = (s: A.LocalSymbol | undefined): void => {
      if (holdsReference(s)) live.set(s, false);
    };

    /** Whether evaluating `e` calls a procedure that waits for decisions (`x.card = pirateCard(who)`). */
    const waits = (e: A.Expr): boolean => {
      let found = false;
      forEachExpr(e, (x) => {
        if (x.kind === "call" && x.target === "proc" && program.suspending.has(`proc:${x.callee.text}`)) found = true;
      });
      return found;
    };

    const statement = (s: A.Stmt): void => {
      switch (s.kind) {
        case "let":
          use(s.value);
          if (waits(s.value)) decide();
          // What a loop of choices over records has left (`for x in list chosen by p`): the records themselves,
          // which its picks (decisions) take one by one, so the list waits in the frame like a held record.
          if (s.leftOfChoices && s.symbol !== undefined && holdsRecords(s.symbol)) s.symbol.heldAcrossDecision = true;
          break;
        case "assign":
          // The value is computed first: when it waits for a decision, the target is reached after it.
          use(s.value);
          if (waits(s.value)) decide();
          use(s.target);
          break;
        case "return":
          if (s.value) use(s.value);
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
        case "for": {
          use(s.iterable);
          // Each iteration binds the variable afresh, so decisions of the previous iteration do not count; but
          // the records of the iterations still to come wait in the frame.
          const before = decisions;
          loop(s.body, () => declare(s.symbol));
          if (decisions > before && holdsReference(s.symbol)) s.symbol.heldAcrossDecision = true;
          break;
        }
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
          // A pick of such a loop is held too, whether or not the body decides: a record the frame keeps in a field
          // that is not held would be found there first when the held ones get their addresses.
          if (s.pickOfLoop && s.symbol !== undefined && pickedFromHeld(s)) s.symbol.heldAcrossDecision = true;
          break;
        case "act":
          use(s.player);
          decide();
          break;
        case "allow":
          use(s.player);
          block(s.body);
          break;
        case "completing":
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
}
