/**
 * Generated engines bundled into plain JavaScript for the built command, kept from one run to the next.
 *
 * The built command cannot import TypeScript: it bundles each engine it loads, with the runtime the engine imports,
 * into one JavaScript module (esbuild), which `simulate --workers` also hands its workers. Starting esbuild and
 * bundling cost about 40 ms a command; a bundle kept under `node_modules/.cache/rules/engines/` is read in about 1.
 * A kept bundle is used only while every file it was made from reads as it did then (a hash of each, listed in the
 * engine's entry beside the bundles), so a recompiled ruleset, a changed runtime or another checkout bundles again. A
 * bundle is named by those hashes and never rewritten: a command reading it while another writes a newer one reads
 * one or the other, whole. Where the cache cannot be written (a read-only checkout), the bundle is kept in memory.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";

export interface EngineBundle {
  /** The bundled module's JavaScript. */
  readonly code: string;
  /** Where it is kept, for a worker or an `import` to load; undefined when it could not be written. */
  readonly file: string | undefined;
  /** Whether it was bundled by this call (false: read from the cache). */
  readonly built: boolean;
}

/** What the cache keeps for one engine module: the files its bundle was made from, hashed, and the bundle's name. */
interface CacheEntry {
  readonly engine: string;
  /** The bundling options, hashed: other options bundle again. */
  readonly options: string;
  readonly inputs: readonly { readonly path: string; readonly sha1: string }[];
  readonly bundle: string;
}

/** The cache folder of a checkout. */
export function engineCacheDir(root: string): string {
  return join(root, "node_modules", ".cache", "rules", "engines");
}

function sha1(text: string | Buffer): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The ruleset's folder name of `rulesets/<name>/generated/engine.ts`, to name its files in the cache. */
function rulesetName(enginePath: string): string {
  return basename(resolve(enginePath, "../.."));
}

/** The entry's file for an engine module: named by the module's path, so that each engine has one. */
function entryFile(cacheDir: string, enginePath: string): string {
  return join(cacheDir, `${rulesetName(enginePath)}-${sha1(resolve(enginePath)).slice(0, 12)}.json`);
}

async function readKept(cacheDir: string, enginePath: string): Promise<EngineBundle | undefined> {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(await readFile(entryFile(cacheDir, enginePath), "utf8")) as CacheEntry;
  } catch {
    return undefined;
  }
  if (
    entry.engine !== resolve(enginePath) ||
    entry.options !== OPTIONS_HASH ||
    !Array.isArray(entry.inputs) ||
    typeof entry.bundle !== "string"
  ) {
    return undefined;
  }
  const unchanged = await Promise.all(
    entry.inputs.map(async (input) => {
      const now = await readFile(input.path).catch(() => undefined);
      return now !== undefined && sha1(now) === input.sha1;
    }),
  );
  if (!unchanged.every(Boolean)) return undefined;
  const file = join(cacheDir, basename(entry.bundle));
  const code = await readFile(file, "utf8").catch(() => undefined);
  return code === undefined ? undefined : { code, file, built: false };
}

/** Writes `text` to `file` whole: a reader sees the old file or the new one, never a part. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

const BUILD_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  write: false,
  metafile: true,
  logLevel: "silent",
} as const;
const OPTIONS_HASH = sha1(JSON.stringify(BUILD_OPTIONS));

async function build(enginePath: string): Promise<{ code: string; inputs: CacheEntry["inputs"] }> {
  const { build } = await import("esbuild");
  const result = await build({ ...BUILD_OPTIONS, entryPoints: [enginePath] });
  const code = result.outputFiles[0]!.text;
  // The metafile names its inputs relative to esbuild's working folder, this process's.
  const inputs = await Promise.all(
    Object.keys(result.metafile.inputs)
      .sort()
      .map(async (input) => {
        const path = resolve(input);
        return { path, sha1: sha1(await readFile(path)) };
      }),
  );
  return { code, inputs };
}

/**
 * The engine module at `enginePath` bundled: the kept bundle while its files are unchanged, else bundled now and
 * kept under `cacheDir` (the previous bundle of the same engine removed).
 */
export async function bundleEngineCached(enginePath: string, cacheDir: string): Promise<EngineBundle> {
  const kept = await readKept(cacheDir, enginePath);
  if (kept !== undefined) return kept;
  const { code, inputs } = await build(enginePath);
  const bundle = `${rulesetName(enginePath)}-${sha1(inputs.map((i) => `${i.path}\n${i.sha1}`).join("\n")).slice(0, 16)}.mjs`;
  const entry: CacheEntry = { engine: resolve(enginePath), options: OPTIONS_HASH, inputs, bundle };
  try {
    await mkdir(cacheDir, { recursive: true });
    const old = await readFile(entryFile(cacheDir, enginePath), "utf8")
      .then((text) => (JSON.parse(text) as Partial<CacheEntry>).bundle)
      .catch(() => undefined);
    await writeWhole(join(cacheDir, bundle), code);
    await writeWhole(entryFile(cacheDir, enginePath), `${JSON.stringify(entry, null, 2)}\n`);
    if (typeof old === "string" && basename(old) !== bundle) await rm(join(cacheDir, basename(old)), { force: true });
    return { code, file: join(cacheDir, bundle), built: true };
  } catch {
    return { code, file: undefined, built: true };
  }
}
