/** `merge <shard files...>`: the summaries of a simulation played in shards (`simulate --shard i/n`), as one run. */
import { readFile } from "node:fs/promises";
import { formatSummaryTable } from "@rules/runtime";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { cliContext, reportingErrors, type CliContext } from "./registry.ts";
import { mergeShards } from "./shards.ts";

export function registerMerge(program: Command, context: CliContext = cliContext()): void {
  program
    .command("merge")
    .description(SUMMARIES.merge)
    .argument("<files...>", "the JSON each shard printed")
    .option("--json", "print the summaries as JSON on stdout")
    .action((paths: string[], flags: { json?: boolean }) =>
      reportingErrors(context, async () => {
        const files = await Promise.all(
          paths.map(async (name) => {
            const text = await readFile(name, "utf8").catch(() => {
              throw new Error(`cannot read ${name}`);
            });
            try {
              return { name, content: JSON.parse(text) as unknown };
            } catch {
              throw new Error(`${name} is not JSON`);
            }
          }),
        );
        const summaries = mergeShards(files, await context.loadAllEngines());
        context.stdout.write(
          flags.json ? `${JSON.stringify(summaries, null, 2)}\n` : `${formatSummaryTable(summaries)}\n`,
        );
      }),
    );
}
