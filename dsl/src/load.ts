/** The whole front end in one call: source text -> checked program, with every diagnostic. */
import { check, type Program } from "./checker.ts";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import { markHeldReferences } from "./held-references.ts";
import type { ParseCache } from "./incremental-parse.ts";
import { cap, parseRules } from "./parse.ts";
import type { RulesFile } from "./ast.ts";

export interface LoadResult {
  readonly program: Program | undefined;
  readonly diagnostics: Diagnostic[];
  /** The syntax tree, also for a file with errors (what the parser could recover); none when nothing parsed. */
  readonly file?: RulesFile;
}

/** `cache`: the declarations parsed from earlier versions of the file, parsed again only where the text changed. */
export function loadRules(text: string, path: string, cache?: ParseCache): LoadResult {
  const parsed = cache ? cache.parse(text, path) : parseRules(text, path);
  if (!parsed.file) return { program: undefined, diagnostics: parsed.diagnostics };
  const checked = check(parsed.file);
  if (checked.program) markHeldReferences(checked.program);
  const diagnostics = cap(sortDiagnostics([...parsed.diagnostics, ...checked.diagnostics]));
  return { program: hasErrors(diagnostics) ? undefined : checked.program, diagnostics, file: parsed.file };
}
