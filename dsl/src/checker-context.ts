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
    case "given":
      return "a test's `given` block";
    case "expect":
      return "an expectation";
    case "testArg":
      return "a test action";
  }
}
