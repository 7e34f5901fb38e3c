// `npm run fuzz`: bundles the fuzzer with esbuild and runs it with plain Node. Run through tsx, every one of the
// parser's millions of closures would keep its name at a cost (tsx's esbuild option), and the fuzzer measures
// cases per second of the toolchain as the `rules` command runs it.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundleOptions } from "../bundling.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const outfile = `${root}node_modules/.cache/rules-fuzz/run.mjs`;
await build({ ...bundleOptions(root), entryPoints: [`${root}compiler/fuzz/run.ts`], outfile });
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
