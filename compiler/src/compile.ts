/**
 * The compiler pipeline for one ruleset: rules text -> checked program -> engine module and conformance tests,
 * formatted with Prettier. Pure: it reads nothing and writes nothing, so `--check` and `--watch` share it.
 */
import {
  Codes,
  error,
  hasErrors,
  loadRules,
  type Diagnostic,
  type ParseCache,
  type Program,
  type Span,
} from "@rules/dsl";
import { hashText } from "@rules/runtime";
import { CODE_HASH_PLACEHOLDER, emitEngineModule } from "./emit/engine-module.ts";
import { engineNames, typeName } from "./emit/naming.ts";
import type { PrintCache } from "./emit/print-statements.ts";
import { emitTestModule } from "./emit/test-module.ts";
import { ENGINE_FILE, TESTS_FILE } from "./generated-files.ts";
import {
  alreadyFormatted,
  fingerprinted,
  format,
  parsedCode,
  type FormatCache,
  type GeneratedCode,
} from "./format/generated-code.ts";

export interface CompileInput {
  /** Machine name of the game (the ruleset folder's name). */
  readonly name: string;
  /** Path of the rules file relative to the repository root (named in the generated header). */
  readonly sourcePath: string;
  readonly text: string;
  /**
   * Formatted statements kept from earlier compiles (`rules compile` and `--watch` pass one): only the statements
   * that changed are formatted again. Without it, each module is formatted whole.
   */
  readonly formatCache?: FormatCache;
  /**
   * The generated files as they stand, by their path in the ruleset's folder: one whose fingerprint shows it is the
   * formatting of the very code this compile emits is kept as it is (see `fingerprinted`).
   */
  readonly current?: ReadonlyMap<string, string>;
  /**
   * The declarations parsed from earlier versions of the text (`--watch`, the language server): parsed again only
   * where it changed.
   */
  readonly parseCache?: ParseCache;
  /**
   * The engine's statements as the last compile of this ruleset printed them (`--watch`): printed again only where
   * they changed.
   */
  readonly printCache?: PrintCache;
}

export interface GeneratedFile {
  /** Path relative to the ruleset folder. */
  readonly path: string;
  readonly content: string;
}

export interface CompileTimings {
  readonly parseAndCheckMs: number;
  readonly emitMs: number;
  readonly formatMs: number;
}

export interface CompileResult {
  readonly diagnostics: Diagnostic[];
  /** Empty when the rules have errors. */
  readonly files: GeneratedFile[];
  readonly timings: CompileTimings;
}

export async function compileRules(input: CompileInput): Promise<CompileResult> {
  const t0 = performance.now();
  const { program, diagnostics } = loadRules(input.text, input.sourcePath, input.parseCache);
  const t1 = performance.now();
  if (program && program.decisions.length === 0) {
    // A game nobody decides anything in has no actions, hence no engine interface to speak of.
    diagnostics.push(
      error(
        Codes.missingDeclaration,
        program.flow.span,
        "no rule ever asks a player anything, so there is no game to compile",
        "players take part through `act <player>: SomeAction` or `choose ... by <player>` in the flow",
      ),
    );
  }
  if (program) diagnostics.push(...nameClashes(program));
  if (!program || hasErrors(diagnostics)) {
    return { diagnostics, files: [], timings: { parseAndCheckMs: t1 - t0, emitMs: 0, formatMs: 0 } };
  }
  const sourceHash = hashText(input.text);
  const engine = withCodeHash(
    emitEngineModule({
      program,
      source: input.text,
      sourcePath: input.sourcePath,
      name: input.name,
      sourceHash,
      ...(input.printCache ? { printCache: input.printCache } : {}),
    }),
  );
  const testsText = emitTestModule({ program, source: input.text, sourcePath: input.sourcePath, name: input.name });
  // Its statements are found (by a parse) only for a cache, which formats statement by statement.
  const tests = input.formatCache ? parsedCode(testsText) : { text: testsText, statementEnds: [testsText.length] };
  const t2 = performance.now();
  const formatted = async (path: string, code: GeneratedCode): Promise<GeneratedFile> => {
    const kept = alreadyFormatted(code.text, input.current?.get(path));
    if (kept !== undefined) {
      input.formatCache?.learn(`${input.name}/${path}`, code, kept.formatted);
      return { path, content: kept.file };
    }
    const content = input.formatCache
      ? await input.formatCache.format(`${input.name}/${path}`, code)
      : await format(code.text);
    return { path, content: fingerprinted(code.text, content) };
  };
  const files = [await formatted(ENGINE_FILE, engine), await formatted(TESTS_FILE, tests)];
  const t3 = performance.now();
  return { diagnostics, files, timings: { parseAndCheckMs: t1 - t0, emitMs: t2 - t1, formatMs: t3 - t2 } };
}

/**
 * The engine's code with its `codeHash` filled in: the hash of the code as emitted, before formatting (the same for
 * the same rules and the same compiler, whatever Prettier's version).
 */
function withCodeHash(code: GeneratedCode): GeneratedCode {
  const at = code.text.indexOf(CODE_HASH_PLACEHOLDER);
  if (at < 0) throw new Error("the engine module has no place for its code hash");
  const hash = hashText(code.text);
  const shift = hash.length - CODE_HASH_PLACEHOLDER.length;
  return {
    text: code.text.slice(0, at) + hash + code.text.slice(at + CODE_HASH_PLACEHOLDER.length),
    statementEnds: code.statementEnds.map((end) => (end > at ? end + shift : end)),
  };
}

/**
 * Type names that would still clash in the generated code: a type the engine derives from a rules name moves aside
 * (`engineTypeName`), and a type named like one of the engine's fixed types takes a `_` (`typeName`), so only a rules
 * type named like another one's generated name (`State_` beside `State`, `ShipView` beside `Ship`) is refused.
 */
function nameClashes(program: Program): Diagnostic[] {
  const taken = engineNames(program);
  const out: Diagnostic[] = [];
  const names: { text: string; span: Span }[] = [
    ...[...program.enums.values()].map((e) => e.name),
    ...[...program.records.values()].map((r) => r.decl.name),
  ];
  const written = new Map<string, string>();
  for (const n of names) written.set(typeName(n.text), n.text);
  for (const n of names) {
    const ts = typeName(n.text);
    const other = written.get(ts) !== n.text ? written.get(ts) : undefined;
    if (other !== undefined || (ts === n.text && taken.has(ts))) {
      out.push(
        error(
          Codes.duplicate,
          n.span,
          `\`${n.text}\` is also the name of a type the generated engine declares${other ? ` (for \`${other}\`)` : ""}`,
          "rename it",
        ),
      );
    }
  }
  return out;
}
