/**
 * Which locals hold a record of the game across a decision.
 *
 * A loop variable, a parameter, a choice taken `in` a list or an `if let` binding refers to a record inside the
 * state: changing its fields changes the game. When the rules wait for a decision with such a local in a frame, the
 * engine keeps the link as the record's address while the game waits (a save is plain JSON) and as the record itself
 * while the rules run (runtime `held.ts`). This pass marks those locals (`heldAcrossDecision`): every reference
 * declared before a decision of its routine, used after it or not (a reference left in a frame unheld would be a
 * second place of its record, where the search for held records' addresses could find it, and a save would split the
 * two); and the lists a loop of choices over records has left, which its picks take one by one.
 */
import type * as A from "./ast.ts";
import type { Program } from "./checker.ts";
import { waitingCall } from "./routine-graph.ts";
import { withoutNone } from "./types.ts";

export function markHeldReferences(program: Program): void {
  const routines: { body: A.Block; params: readonly A.ParamSpec[] }[] = [{ body: program.flow.body, params: [] }];
  for (const p of program.procs.values()) routines.push(p);
  for (const a of program.actions.values()) routines.push(a);
  for (const v of program.variants) for (const r of v.replacements) if (r.kind !== "fn") routines.push(r);

  for (const { body, params } of routines) {
    /** The references declared so far: all held from the next decision on. */
    const declared = new Set<A.LocalSymbol>();
    const decide = (): void => {
      for (const s of declared) s.heldAcrossDecision = true;
    };
    const declare = (s: A.LocalSymbol | undefined): void => {
      if (
        s !== undefined &&
        withoutNone(s.type).kind === "record" &&
        (s.origin === "for" || s.origin === "param" || s.origin === "choose" || s.origin === "iflet")
      ) {
        declared.add(s);
      }
    };

    /** Whether evaluating `e` calls a procedure that waits for decisions (`x.card = pirateCard(who)`). */
    const waits = (e: A.Expr): boolean => waitingCall(e, program.suspending) !== undefined;

    const statement = (s: A.Stmt): void => {
      switch (s.kind) {
        case "let":
          if (waits(s.value)) decide();
          // What a loop of choices over records has left (`for x in list chosen by p`): the records themselves,
          // which its picks (decisions) take one by one.
          if (s.leftOfChoices && s.symbol?.type.kind === "list" && withoutNone(s.symbol.type.element).kind === "record")
            s.symbol.heldAcrossDecision = true;
          break;
        case "assign":
          if (waits(s.value)) decide();
          break;
        case "if":
          declare(s.bindingSymbol);
          block(s.then);
          if (s.otherwise) block(s.otherwise);
          break;
        case "match":
          // A member's values are plain (no records), so its bindings hold no references.
          for (const arm of s.arms) block(arm.body);
          break;
        case "for":
          // The records of the iterations still to come wait in the frame with the variable (the engine holds the
          // loop's list when it holds its variable).
          loop(s.body, () => declare(s.symbol));
          break;
        case "while":
        case "repeat":
          loop(s.body);
          break;
        case "require":
          declare(s.bindingSymbol);
          break;
        case "choose":
          decide();
          declare(s.symbol);
          break;
        case "act":
          decide();
          break;
        case "allow":
        case "completing":
          block(s.body);
          break;
        case "expr":
          if (waits(s.expr)) decide();
          break;
        case "return":
        case "add":
        case "remove":
        case "shuffle":
        case "end":
        case "break":
          break;
      }
    };
    const block = (b: A.Block): void => b.statements.forEach(statement);
    // A loop body runs again after its own decisions: walk it twice, so that a reference declared after the body's
    // last decision, still in the frame at the next iteration's first, is held too.
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
