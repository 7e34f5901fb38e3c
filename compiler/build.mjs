// Builds the `rules` command into compiler/dist/ (plain JavaScript, one chunk per command) with esbuild. Run by the
// root `prepare` script after `npm ci`, and by compiler/bin/rules.js whenever a source file is newer than the build.
import { build } from "esbuild";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(new URL("package.json", `file://${root}`), "utf8"));
// npm packages stay imports (they are installed); the workspace packages (TypeScript) are bundled, and so is
// Chevrotain, whose hundreds of small lodash-es modules took longer to resolve than to parse a ruleset.
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (p) => p !== "chevrotain",
);

rmSync(`${root}compiler/dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}compiler/src/cli/main.ts`],
  outdir: `${root}compiler/dist`,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  // The grammar's own checks ran in the tests; the built command skips them (dsl/src/parser.ts).
  define: { "process.env.RULES_GRAMMAR_CHECKED": '"1"' },
  logLevel: "warning",
});
// The Prettier plugin for .rules files, one file that `.prettierrc.json` names.
await build({
  entryPoints: [`${root}compiler/src/format/prettier-plugin.ts`],
  outfile: `${root}compiler/dist/prettier-plugin-rules.js`,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  define: { "process.env.RULES_GRAMMAR_CHECKED": '"1"' },
  logLevel: "warning",
});
// The build's time: the launcher rebuilds when a source file is newer.
writeFileSync(`${root}compiler/dist/BUILT`, `${Date.now()}\n`);
