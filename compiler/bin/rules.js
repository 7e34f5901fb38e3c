#!/usr/bin/env node
// `rules` (npx rules <command>): runs the built command in compiler/dist/. The build is made by `npm ci` (the root
// `prepare` script); when a source file of the compiler, the language or the runtime is newer, it is made again first,
// so the command never runs stale code.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const built = join(root, "compiler/dist/BUILT");

/** The newest modification time of the TypeScript sources under `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (entry.name.endsWith(".ts")) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const sources = ["compiler/src", "dsl/src", "runtime/src"].map((d) => newest(join(root, d)));
if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources)) await import("../build.mjs");
await import("../dist/main.js");
