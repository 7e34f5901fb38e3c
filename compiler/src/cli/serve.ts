/**
 * `serve <game>`: the game in a browser page on localhost, built by Vite from `compiler/page/` and the game's
 * generated engine module (the one the Node runtime plays), which the page imports as `virtual:rules-engine`.
 */
import { join } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { cliContext, parseInteger, REPO_ROOT, reportingErrors, type CliContext } from "./registry.ts";

const PAGE_DIR = join(REPO_ROOT, "compiler", "page");
const ENGINE_MODULE = "virtual:rules-engine";

export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the page for the engine module at `enginePath` on `port` (0: any free port) of 127.0.0.1. */
export async function servePage(enginePath: string, port: number): Promise<PageServer> {
  const { createServer } = await import("vite");
  const server = await createServer({
    root: PAGE_DIR,
    configFile: false,
    logLevel: "warn",
    clearScreen: false,
    server: { host: "127.0.0.1", port, strictPort: port !== 0, fs: { allow: [REPO_ROOT] } },
    plugins: [
      {
        name: "rules-engine",
        resolveId: (id) => (id === ENGINE_MODULE ? `\0${ENGINE_MODULE}` : null),
        load: (id) =>
          id === `\0${ENGINE_MODULE}` ? `export { default } from ${JSON.stringify(`/@fs${enginePath}`)};` : null,
      },
    ],
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error("the page server did not start");
  return { url, close: () => server.close() };
}

/** A TCP port: 1 to 65535. */
export function parsePort(text: string): number {
  const port = parseInteger(text);
  if (port < 1 || port > 65535) throw new InvalidArgumentError("a port is a number from 1 to 65535.");
  return port;
}

export function registerServe(program: Command, context: CliContext = cliContext()): void {
  program
    .command("serve")
    .description(SUMMARIES.serve)
    .argument("<game>", "name of a compiled game")
    .option("--port <n>", "the port on localhost (1 to 65535)", parsePort, 5173)
    .action((game: string, flags: { port: number }) =>
      reportingErrors(context, async () => {
        const engine = await context.loadEngine(game);
        const path = (await context.enginePaths()).get(engine.name);
        if (path === undefined) throw new Error(`${game} has no engine module to serve`);
        const server = await servePage(path, flags.port);
        context.stdout.write(`${engine.title}: open ${server.url} in a browser (Ctrl-C to stop)\n`);
        await new Promise<never>(() => {});
      }),
    );
}
