// Builds the `rules` command into compiler/dist/ (plain JavaScript, one chunk per command) with esbuild. Run by the
// root `prepare` script after `npm ci`, and by compiler/bin/rules.js whenever a source file is newer than the build.
import { build } from "esbuild";
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundleOptions } from "./bundling.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const options = bundleOptions(root);

rmSync(`${root}compiler/dist`, { recursive: true, force: true });
await build({
  ...options,
  // The worker of `simulate --workers` is a module of its own, which the worker pool loads.
  entryPoints: [`${root}compiler/src/cli/main.ts`, `${root}compiler/src/cli/simulate-worker.ts`],
  outdir: `${root}compiler/dist`,
  splitting: true,
});
// The Prettier plugin for .rules files, one file that `.prettierrc.json` names.
await build({
  ...options,
  entryPoints: [`${root}compiler/src/format/prettier-plugin.ts`],
  outfile: `${root}compiler/dist/prettier-plugin-rules.js`,
});
// The build's time: the launcher rebuilds when a source file is newer.
writeFileSync(`${root}compiler/dist/BUILT`, `${Date.now()}\n`);
