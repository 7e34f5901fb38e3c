/**
 * `diff <game> --variant <v> [--simulate N]`: what a variant changes against the base game, for people who translate
 * or write variants: the params it sets (old and new values), the rules it replaces (a diff of their text), and, with
 * `--simulate`, the effect side by side (game length, how games end, win rate by seat).
 */
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Command } from "commander";
import { createTwoFilesPatch } from "diff";
import { formatDiagnostic, loadRules, type Span } from "@rules/dsl";
import { formatSummaryTable, simulate, type SimulationSummary } from "@rules/runtime";
import { SUMMARIES } from "./commands.ts";
import {
  cliContext,
  parseInteger,
  parsePositiveInteger,
  REPO_ROOT,
  reportingErrors,
  type CliContext,
} from "./registry.ts";

export interface ParamChange {
  readonly name: string;
  readonly base: string;
  readonly variant: string;
}

export interface ReplacedRule {
  /** `action Pass`, `proc takeTurn`... */
  readonly rule: string;
  /** A unified diff of the base rule's text and the variant's. */
  readonly patch: string;
}

export interface VariantDiff {
  readonly variant: string;
  readonly title: string | undefined;
  readonly params: readonly ParamChange[];
  readonly replaced: readonly ReplacedRule[];
}

/** What variant `variant` of the rules `text` changes; throws with the diagnostics when the rules do not check. */
export function diffVariant(text: string, path: string, variant: string): VariantDiff {
  const { program, diagnostics } = loadRules(text, path);
  if (!program) {
    const errors = diagnostics.filter((d) => d.severity === "error");
    throw new Error(`${path} does not check:\n${errors.map((d) => formatDiagnostic(d, path, text)).join("\n\n")}`);
  }
  const decl = program.variants.find((v) => v.name.text === variant);
  if (!decl) {
    const names = program.variants.map((v) => v.name.text);
    throw new Error(
      `${path} has no variant "${variant}" (${names.length === 0 ? "it has none" : `variants: ${names.join(", ")}`})`,
    );
  }
  const source = (span: Span): string => text.slice(span.start, span.end);
  const params = decl.sets.map((s) => ({
    name: s.name.text,
    base: source(program.params.get(s.name.text)!.decl.value.span),
    variant: source(s.value.span),
  }));
  const replaced = decl.replacements.map((r) => {
    const original =
      r.kind === "fn"
        ? program.fns.get(r.name.text)
        : r.kind === "proc"
          ? program.procs.get(r.name.text)
          : program.actions.get(r.name.text);
    const rule = `${r.kind} ${r.name.text}`;
    // The variant's rule is indented inside its block: compared at the base rule's indentation.
    const variantText = dedent(source(r.span), source(original!.span));
    const patch = createTwoFilesPatch(
      `base: ${rule} (line ${original!.span.line})`,
      `${variant}: ${rule} (line ${r.span.line})`,
      `${source(original!.span)}\n`,
      `${variantText}\n`,
      undefined,
      undefined,
      { context: 3 },
    );
    // The first line of the patch (`====`) says nothing here.
    return { rule, patch: patch.split("\n").slice(1).join("\n").trimEnd() };
  });
  return { variant, title: decl.title, params, replaced };
}

/** `text` (a rule written inside a variant's block) with the indentation its lines after the first share removed. */
function dedent(text: string, like: string): string {
  const indent = (s: string): number => s.length - s.trimStart().length;
  const rest = text
    .split("\n")
    .slice(1)
    .filter((l) => l.trim() !== "");
  const likeRest = like
    .split("\n")
    .slice(1)
    .filter((l) => l.trim() !== "");
  const extra = Math.min(...rest.map(indent)) - (likeRest.length > 0 ? Math.min(...likeRest.map(indent)) : 0);
  if (!Number.isFinite(extra) || extra <= 0) return text;
  return text
    .split("\n")
    .map((l, i) => (i === 0 ? l : l.slice(Math.min(extra, indent(l)))))
    .join("\n");
}

export function formatVariantDiff(game: string, d: VariantDiff): string {
  const lines = [`${game}: variant ${d.variant}${d.title ? ` "${d.title}"` : ""} against the base game`];
  lines.push("", d.params.length === 0 ? "params: none changed" : "params:");
  for (const p of d.params) lines.push(`  ${p.name}: ${p.base} -> ${p.variant}`);
  lines.push("", d.replaced.length === 0 ? "rules replaced: none" : "rules replaced:");
  for (const r of d.replaced) lines.push("", `  ${r.rule}`, ...r.patch.split("\n").map((l) => `    ${l}`));
  return lines.join("\n");
}

interface DiffFlags {
  readonly variant: string;
  readonly simulate?: number;
  readonly players?: number;
  readonly seed: number;
}

export function registerDiff(program: Command, context: CliContext = cliContext(), root: string = REPO_ROOT): void {
  program
    .command("diff")
    .description(SUMMARIES.diff)
    .argument("<game>", "a ruleset's name (a folder of rulesets/)")
    .requiredOption("--variant <name>", "the variant to compare with the base game")
    .option("--simulate <n>", "also play n random games of each, side by side", parsePositiveInteger)
    .option("--players <n>", "with --simulate: only this player count (default: every count)", parseInteger)
    .option("--seed <n>", "with --simulate: the seed of both batches", parseInteger, 1)
    .action((game: string, flags: DiffFlags) =>
      reportingErrors(context, async () => {
        const path = join(root, "rulesets", game, `${game}.rules`);
        const text = await readFile(path, "utf8").catch(() => {
          throw new Error(`unknown game "${game}" (no ${relative(root, path)})`);
        });
        const d = diffVariant(text, relative(root, path), flags.variant);
        context.stdout.write(`${formatVariantDiff(game, d)}\n`);
        if (flags.simulate === undefined) return;
        const engine = await context.loadEngine(game);
        const counts =
          flags.players !== undefined
            ? [flags.players]
            : Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);
        const summaries: SimulationSummary[] = counts.flatMap((players) =>
          ["base", flags.variant].map((variant) =>
            simulate(engine, { games: flags.simulate!, seed: flags.seed, players, variant }),
          ),
        );
        context.stdout.write(
          `\n${flags.simulate} random games of each (seed ${flags.seed}):\n\n${formatSummaryTable(summaries)}\n`,
        );
      }),
    );
}
