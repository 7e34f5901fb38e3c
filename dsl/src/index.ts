export * from "./ast.ts";
export * from "./types.ts";
export * from "./diagnostics.ts";
export { parseRules, type ParseResult } from "./parse.ts";
export {
  check,
  fieldNamed,
  isBlock,
  hasDefault,
  type CheckResult,
  type DecisionSite,
  type FieldInfo,
  type Program,
  type RecordInfo,
  type Routine,
} from "./checker.ts";
export { rangeEnd, isInferred } from "./checker-decisions.ts";
export { loadRules, type LoadResult } from "./load.ts";
export { ParseCache } from "./incremental-parse.ts";
export { exprsOf, forEachExpr, forEachStmt, forEachTreeNode, isLocalSymbol, leadingRequirements } from "./ast-walk.ts";
export { routineKey, waitingCall } from "./routine-graph.ts";
export { builtinFunctions } from "./checker-builtins.ts";
export { WAY_BUILTINS, WAY_RULES, wayRuleNames, type WayBuiltin } from "./ways.ts";
export { UNION_TAG, isUnionDecl, type UnionInfo, type UnionMember } from "./checker-unions.ts";
export { markHeldReferences } from "./held-references.ts";
export { reservedWords } from "./lexer.ts";
export { rulesLexer } from "./lexer.ts";
export { declaredRange, writtenOutOfRange } from "./written-ranges.ts";
