import type * as A from "./ast.ts";
import type { Type } from "./types.ts";
import type { RecordInfo, Routine } from "./checker.ts";
import { didYouMean } from "./diagnostics.ts";

/** Where the checker is: what a body of rules may do depends on it (decide, change the game, read a param...). */
export type Context =
  | "setup"
  | "flow"
  | "proc"
  | "action"
  | "fn"
  | "const"
  | "visibility"
  | "playerVisibility"
  | "scoring"
  | "abandon"
  | "given"
  | "expect"
  | "testArg";

/** A context as a designer reads it in a message: "the setup", "a function"... */
export function describeContext(c: Context): string {
  switch (c) {
    case "setup":
      return "the setup";
    case "flow":
      return "the flow";
    case "proc":
      return "a procedure";
    case "action":
      return "an action";
    case "fn":
      return "a function";
    case "const":
      return "a constant";
    case "visibility":
    case "playerVisibility":
      return "a visibility condition";
    case "scoring":
      return "the scoring";
    case "abandon":
      return "an `abandon` condition";
    case "given":
      return "a test's `given` block";
    case "expect":
      return "an expectation";
    case "testArg":
      return "a test action";
  }
}

/** The hint where a rule that may only look changes the game. */
export const CHANGES_HINT =
  "the game changes in actions, procedures, the flow and the setup (and a test's `given`); here, compute a value";

/** The hint for an action's name the rules do not declare: the nearest declared name, or how to declare it. */
export function actionHint(name: string, actions: Iterable<string>): string {
  return didYouMean(name, actions) ?? `declare it: \`action ${name} { ... }\``;
}

/** What the checker knows about the body it is in. */
export interface BodyState {
  readonly context: Context;
  /** The routine being checked, for decision sites. */
  readonly routine: Routine | undefined;
  /** The record whose fields are in scope (visibility conditions). */
  readonly record: RecordInfo | undefined;
  loopDepth: number;
  /** Still at the top of an action body, where `require` is allowed. */
  atActionTop: boolean;
  /** In a function with a block body, or a procedure with a type: the type its `return` statements give. */
  returns?: Type;
  /**
   * Set while checking what the engine evaluates without playing (a requirement, a choice's list or condition, an
   * action parameter's list): what that is, for the message refusing anything that changes the game there.
   */
  looking?: string;
  /** Inside an `allow` block: the loop depth at its start, which a `break` may not leave. */
  allowFloor?: number;
  /** Inside a `completing` block: the innermost one, what it calls, and the loop depth a `break` may not leave. */
  completing?: CompletingBlock;
}

/** A `completing` block being checked: the engine plays the rest of it on copies, so what it runs must allow that. */
export interface CompletingBlock {
  /** The block, or the `can` question whose procedure is searched the same way. */
  readonly stmt: A.CompletingStmt | A.CanExpr;
  /** The procedures and actions called from the block itself (`proc:<name>`), searched through the routine graph. */
  readonly calls: Set<string>;
  /** Whether a decision is written in the block itself. */
  decides: boolean;
  readonly loopFloor: number;
}
