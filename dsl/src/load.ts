/** The whole front end in one call: source text -> checked program, with every diagnostic. */
import { check, type Program } from "./checker.ts";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import { markHeldReferences } from "./held-references.ts";
import { cap, parseRules } from "./parse.ts";

export interface LoadResult {
  readonly program: Program | undefined;
  readonly diagnostics: Diagnostic[];
}

export function loadRules(text: string, path: string): LoadResult {
  const parsed = parseRules(text, path);
  if (!parsed.file) return { program: undefined, diagnostics: parsed.diagnostics };
  const checked = check(parsed.file);
  if (checked.program) markHeldReferences(checked.program);
  const diagnostics = cap(sortDiagnostics([...parsed.diagnostics, ...checked.diagnostics]));
  return { program: hasErrors(diagnostics) ? undefined : checked.program, diagnostics };
}
