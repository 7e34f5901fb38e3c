/** The game's engine, which `rules serve <game>` provides (compiler/src/cli/serve.ts). */
declare module "virtual:rules-engine" {
  import type { AnyEngine } from "@rules/runtime";
  const engine: AnyEngine;
  export default engine;
}
