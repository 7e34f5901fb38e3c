/**
 * The front end (text -> checked program) on input of every shape, for `npm run bench`: garbage must cost what its
 * first errors cost, never time or memory in proportion to its size, and a valid ruleset its size.
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRules } from "@rules/dsl";
import { build } from "esbuild";
import { bundleOptions } from "../bundling.mjs";

export interface FrontEndFigure {
  readonly input: string;
  readonly megabytes: number;
  readonly ms: number;
  readonly msPerMegabyte: number;
  readonly diagnostics: number;
  /** Heap growth while checking it (after a collection when the process allows one). */
  readonly heapMegabytes: number;
}

/** A deterministic generator of garbage (a linear congruential one: garbage needs no better). */
function garbage(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

const WORDS = ["game", "flow", "act", "choose", "by", "if", "else", "let", "x", "12", '"s"', "+", "==", "=", ":", ","];
const BRACKETS = ["{", "}", "(", ")", "[", "]"];

function randomTokens(bytes: number, newlines: boolean): string {
  const next = garbage(1);
  const vocabulary = [...WORDS, ...BRACKETS, ...(newlines ? ["\n"] : [])];
  const out: string[] = [];
  for (let n = 0; n < bytes;) {
    const word = vocabulary[Math.floor(next() * vocabulary.length)]!;
    out.push(word);
    n += word.length + 1;
  }
  return out.join(" ");
}

function randomPrintable(bytes: number): string {
  const next = garbage(2);
  const codes = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) codes[i] = next() < 0.02 ? 10 : 32 + Math.floor(next() * 95);
  return new TextDecoder().decode(codes);
}

/** The median time of `runs` checks of `text`, and the heap the first one grew by. */
function measure(input: string, text: string, runs = 1): FrontEndFigure {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const times: number[] = [];
  let diagnostics: readonly unknown[] = [];
  let heapMegabytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    diagnostics = loadRules(text, `${input}.rules`).diagnostics;
    times.push(performance.now() - started);
    if (i === 0) heapMegabytes = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 1e6;
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  const megabytes = text.length / 1e6;
  return { input, megabytes, ms, msPerMegabyte: ms / megabytes, diagnostics: diagnostics.length, heapMegabytes };
}

export async function measureFrontEnd(validRulesPath: string, validName: string): Promise<FrontEndFigure[]> {
  const valid = await readFile(validRulesPath, "utf8");
  // Warmed up: the figure for valid rules is what a designer's repeated checks cost.
  for (let i = 0; i < 5; i++) loadRules(valid, "warm-up.rules");
  const MB = 1_000_000;
  const cases: [string, () => string][] = [
    [`valid: ${validName}`, () => valid],
    ["random tokens, 10 MB", () => randomTokens(10 * MB, true)],
    ["random tokens on one line, 10 MB", () => randomTokens(10 * MB, false)],
    ["random printable bytes, 10 MB", () => randomPrintable(10 * MB)],
    [
      "10,000 nested brackets",
      () => `game "G" { players 2..2 }\nconst X = ${"(".repeat(10_000)}1${")".repeat(10_000)}`,
    ],
    ["a 1 MB name", () => `game "G" { players 2..2 }\nflow { ${"a".repeat(MB)} = 1 }`],
    ["a 1 MB string", () => `game "G" { players 2..2 }\nconst S = "${"a".repeat(MB)}"`],
    ["a 100,000-line comment", () => `game "G" { players 2..2 }\n${"// a comment\n".repeat(100_000)}`],
  ];
  // Valid rules: the median of several checks, as a designer's repeated checks cost; garbage once (it is large).
  return cases.map(([input, make], i) => measure(input, make(), i === 0 ? 7 : 1));
}

/**
 * The same, measured as the `rules` command runs it: bundled by esbuild (tsx, which runs the benchmark, keeps every
 * function's name, and the parser makes closures by the million), in a process of its own that may collect garbage.
 */
export async function measureFrontEndBuilt(
  root: string,
  validRulesPath: string,
  validName: string,
): Promise<FrontEndFigure[]> {
  const outfile = join(root, "node_modules/.cache/rules-bench/front-end.mjs");
  await build({ ...bundleOptions(root), entryPoints: [fileURLToPath(import.meta.url)], outfile });
  const run = spawnSync(process.execPath, ["--expose-gc", outfile, "--front-end-of", validRulesPath, validName], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`measuring the front end failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as FrontEndFigure[];
}

// Run by `measureFrontEndBuilt`, bundled.
const at = process.argv.indexOf("--front-end-of");
if (at >= 0) {
  process.stdout.write(JSON.stringify(await measureFrontEnd(process.argv[at + 1]!, process.argv[at + 2]!)));
}
