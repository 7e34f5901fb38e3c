/**
 * `compile [paths] [--check] [--watch]` and `check <file>`: the rules -> engine half of the CLI.
 *
 * A ruleset is a folder `rulesets/<name>/` holding `<name>.rules`; its engine and tests are generated into
 * `rulesets/<name>/generated/`. `--check` regenerates in memory and fails when the committed files differ.
 */
import { existsSync, watch } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { formatDiagnostic, loadRules, ParseCache, type Diagnostic } from "@rules/dsl";
import type { CompileResult } from "../compile.ts";
import type { PrintCache } from "../emit/print-statements.ts";
import type { FormatCache } from "../format/generated-code.ts";
import { GENERATED_FILES } from "../generated-files.ts";
import { cliContext, messageOf, REPO_ROOT, reportingErrors, type CliContext } from "./registry.ts";

export interface Ruleset {
  readonly name: string;
  /** Absolute path of the `.rules` file. */
  readonly rulesPath: string;
  /** Absolute path of the ruleset folder. */
  readonly folder: string;
}

/** Every ruleset under `rulesets/`, or those named by `paths` (a folder or a `.rules` file each). */
export async function findRulesets(paths: readonly string[], root: string = REPO_ROOT): Promise<Ruleset[]> {
  if (paths.length === 0) {
    const folders = await readdir(join(root, "rulesets"), { withFileTypes: true }).catch(() => []);
    const found: Ruleset[] = [];
    for (const f of folders) {
      const rulesPath = join(root, "rulesets", f.name, `${f.name}.rules`);
      if (f.isDirectory() && existsSync(rulesPath)) found.push({ name: f.name, rulesPath, folder: dirname(rulesPath) });
    }
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }
  return paths.map((p) => {
    const full = resolve(p);
    const rulesPath = full.endsWith(".rules") ? full : join(full, `${basename(full)}.rules`);
    if (!existsSync(rulesPath)) throw new Error(`no rules file at ${relative(process.cwd(), rulesPath)}`);
    return { name: basename(dirname(rulesPath)), rulesPath, folder: dirname(rulesPath) };
  });
}

export interface RulesetOutcome {
  readonly ruleset: Ruleset;
  readonly result: CompileResult;
  /** Generated files whose committed content differs (for --check), or that were written. */
  readonly changed: string[];
  readonly text: string;
}

/**
 * Compiles one ruleset and writes (or, for `check`, compares) its generated files. `formatCache`: statements
 * formatted by earlier compiles, for `write` (a check formats every module whole, as Prettier alone would); `kept`:
 * what the ruleset's earlier compiles in this process left (`--watch`).
 */
export async function compileRuleset(
  ruleset: Ruleset,
  mode: "write" | "check",
  root: string = REPO_ROOT,
  formatCache?: FormatCache,
  kept?: KeptBetweenSaves,
): Promise<RulesetOutcome> {
  const text = await readFile(ruleset.rulesPath, "utf8");
  const sourcePath = relative(root, ruleset.rulesPath).split("\\").join("/");
  // The files as they stand: what `--check` compares with, and what a compile keeps when they are its own output.
  const current = new Map<string, string>();
  for (const path of GENERATED_FILES) {
    const target = join(ruleset.folder, path);
    if (existsSync(target)) current.set(path, await readFile(target, "utf8"));
  }
  // Loaded on demand: ts-morph and Prettier take a while to load, and only compiling needs them.
  const { compileRules } = await import("../compile.ts");
  const result = await compileRules({
    name: ruleset.name,
    sourcePath,
    text,
    // `--check` formats every module whole: it compares the files with Prettier's own output.
    ...(mode === "write" ? { current, ...(formatCache ? { formatCache } : {}) } : {}),
    ...kept,
  });
  const changed: string[] = [];
  for (const file of result.files) {
    const target = join(ruleset.folder, file.path);
    if (current.get(file.path) === file.content) continue;
    changed.push(relative(root, target));
    if (mode === "write") {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
  }
  return { ruleset, result, changed, text };
}

function renderDiagnostics(diagnostics: readonly Diagnostic[], path: string, text: string): string {
  return diagnostics.map((d) => formatDiagnostic(d, path, text)).join("\n\n");
}

function report(context: CliContext, outcome: RulesetOutcome, root: string): boolean {
  const shown = relative(root, outcome.ruleset.rulesPath);
  const { diagnostics } = outcome.result;
  if (diagnostics.length > 0) context.stderr.write(`${renderDiagnostics(diagnostics, shown, outcome.text)}\n\n`);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) {
    context.stderr.write(`${shown}: ${errors} error${errors === 1 ? "" : "s"}; nothing generated\n`);
    return false;
  }
  return true;
}

/** How long a watched file must stay unchanged before it is compiled (an editor's save is several events). */
const WATCH_SETTLE_MS = 20;

/** Where `rules compile` keeps the statements it formatted (`FormatCache`), as build tools keep their caches. */
function formatCachePath(root: string): string {
  return join(root, "node_modules/.cache/rules-compile/formatted.json");
}

/**
 * What a watched ruleset's compiles keep from one save to the next: a file watched is saved again and again, and each
 * save parses again only the declarations it changed, and prints again only the engine's statements that changed.
 */
export interface KeptBetweenSaves {
  readonly parseCache: ParseCache;
  readonly printCache: PrintCache;
}

async function keptBetweenSaves(rulesets: readonly Ruleset[]): Promise<Map<string, KeptBetweenSaves>> {
  // Loaded on demand, as the compiler is: the printer needs ts-morph.
  const { PrintCache } = await import("../emit/print-statements.ts");
  return new Map(rulesets.map((r) => [r.rulesPath, { parseCache: new ParseCache(), printCache: new PrintCache() }]));
}

async function loadFormatCache(root: string): Promise<FormatCache> {
  const { FormatCache } = await import("../format/generated-code.ts");
  return FormatCache.load(await readFile(formatCachePath(root), "utf8").catch(() => undefined));
}

/** Writes the cache when it changed; a cache that cannot be written is only a slower next compile. */
async function saveFormatCache(root: string, cache: FormatCache): Promise<void> {
  const json = cache.save();
  if (json === undefined) return;
  const path = formatCachePath(root);
  // Written aside, then renamed: another compile reading it meanwhile sees the old cache or the new, never half.
  const aside = `${path}.${process.pid}`;
  await mkdir(dirname(path), { recursive: true })
    .then(() => writeFile(aside, json))
    .then(() => rename(aside, path))
    .catch(() => rm(aside, { force: true }));
}

interface CompileFlags {
  readonly check?: boolean;
  readonly watch?: boolean;
}

export function registerCompile(program: Command, context: CliContext = cliContext(), root: string = REPO_ROOT): void {
  program
    .command("compile")
    .description(SUMMARIES.compile)
    .argument("[paths...]", "ruleset folders or .rules files")
    .option("--check", "change nothing; fail if a generated file is missing or stale")
    .option("--watch", "recompile whenever a .rules file changes")
    .action((paths: string[], flags: CompileFlags) =>
      reportingErrors(context, async () => {
        const rulesets = await findRulesets(paths, root);
        if (rulesets.length === 0) throw new Error("no ruleset found (expected rulesets/<name>/<name>.rules)");
        const formatCache = flags.check ? undefined : await loadFormatCache(root);
        const kept = flags.watch ? await keptBetweenSaves(rulesets) : undefined;
        const run = async (chosen: readonly Ruleset[] = rulesets): Promise<boolean> => {
          let ok = true;
          for (const r of chosen) {
            const mode = flags.check ? "check" : "write";
            const outcome = await compileRuleset(r, mode, root, formatCache, kept?.get(r.rulesPath));
            if (!report(context, outcome, root)) {
              ok = false;
              continue;
            }
            const ms = outcome.result.timings;
            const total = (ms.parseAndCheckMs + ms.emitMs + ms.formatMs).toFixed(0);
            if (flags.check && outcome.changed.length > 0) {
              ok = false;
              context.stderr.write(
                `${r.name}: stale generated files (run \`npm run rules:compile\`): ${outcome.changed.join(", ")}\n`,
              );
            } else if (flags.check) {
              context.stdout.write(`${r.name}: generated files are up to date\n`);
            } else {
              const what = outcome.changed.length > 0 ? `wrote ${outcome.changed.length} file(s)` : "unchanged";
              context.stdout.write(`${r.name}: ${what} in ${total} ms\n`);
            }
          }
          if (formatCache) await saveFormatCache(root, formatCache);
          return ok;
        };
        const ok = await run();
        if (!flags.watch) {
          if (!ok) context.setExitCode(1);
          return;
        }
        // A save is often several events (an editor writes, then renames): the ruleset is compiled once they stop,
        // and only when its text changed.
        const last = new Map<string, string>();
        for (const r of rulesets) last.set(r.rulesPath, await readFile(r.rulesPath, "utf8").catch(() => ""));
        // One compile at a time, in the order the changes came.
        let queue: Promise<unknown> = Promise.resolve();
        for (const r of rulesets) {
          let timer: NodeJS.Timeout | undefined;
          watch(r.rulesPath, () => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              queue = queue.then(async () => {
                const text = await readFile(r.rulesPath, "utf8").catch(() => "");
                if (text === last.get(r.rulesPath)) return;
                last.set(r.rulesPath, text);
                // An error is reported, and the watch goes on (the next save may fix it).
                await run([r]).catch((e: unknown) =>
                  context.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`),
                );
              });
            }, WATCH_SETTLE_MS);
          });
        }
        // Said once the files are watched: a change made after this line is seen.
        context.stdout.write("watching for changes (Ctrl-C to stop)\n");
        await new Promise<never>(() => {});
      }),
    );

  program
    .command("check")
    .description(SUMMARIES.check)
    .argument("<file>", "a .rules file")
    .action((file: string) =>
      reportingErrors(context, async () => {
        const text = await readFile(file, "utf8").catch((error: unknown) => {
          throw new Error(`cannot read ${file}: ${messageOf(error)}`);
        });
        const { diagnostics } = loadRules(text, file);
        if (diagnostics.length > 0) context.stderr.write(`${renderDiagnostics(diagnostics, file, text)}\n`);
        const errors = diagnostics.filter((d) => d.severity === "error").length;
        const warnings = diagnostics.length - errors;
        context.stdout.write(
          `${file}: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`,
        );
        if (errors > 0) context.setExitCode(1);
      }),
    );
}
