/** The compiler as a library: rules text -> generated engine and tests (what `rules compile` does per ruleset). */
export {
  compileRules,
  type CompileInput,
  type CompileResult,
  type CompileTimings,
  type GeneratedFile,
} from "./compile.ts";
export { format, FormatCache, type GeneratedCode } from "./format/generated-code.ts";
