// What every esbuild bundle of the toolchain shares: plain ESM for Node 20, npm packages left as imports (they are
// installed) except Chevrotain, whose hundreds of small lodash-es modules take longer to resolve than to parse a
// ruleset, and the grammar's own checks skipped (the tests ran them; dsl/src/parser.ts).
import { readFileSync } from "node:fs";

export function bundleOptions(root) {
  const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (p) => p !== "chevrotain",
  );
  return {
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external,
    define: { "process.env.RULES_GRAMMAR_CHECKED": '"1"' },
    logLevel: "warning",
  };
}
