/** `merge <shard files...>`: the summaries of a simulation played in shards (`simulate --shard i/n`), as one run. */
import { readFile } from "node:fs/promises";
import { formatSummaryTable } from "@rules/runtime";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { checkWritableFile, cliContext, messageOf, reportingErrors, type CliContext } from "./registry.ts";
import { mergeShards } from "./shards.ts";
import { writeReport } from "./simulate.ts";

export function registerMerge(program: Command, context: CliContext = cliContext()): void {
  program
    .command("merge")
    .description(SUMMARIES.merge)
    .argument("<files...>", "the JSON each shard printed")
    .option("--json", "print the summaries as JSON on stdout")
    .option("--report <file>", "also write the HTML report of the whole simulation (shards made with --details)")
    .action((paths: string[], flags: { json?: boolean; report?: string }) =>
      reportingErrors(context, async () => {
        if (flags.report !== undefined) await checkWritableFile(flags.report, "the report");
        const files = await Promise.all(
          paths.map(async (name) => {
            const text = await readFile(name, "utf8").catch((error: unknown) => {
              throw new Error(`cannot read ${name}: ${messageOf(error)}`);
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
        if (flags.report !== undefined) {
          const missing = summaries.find((s) => s.details === undefined);
          if (missing !== undefined) {
            throw new Error(
              `the shards of ${missing.game} ${missing.variant} ${missing.players}p were played without --details, ` +
                "which a report needs",
            );
          }
          await writeReport(context, flags.report, summaries, `rules merge ${paths.join(" ")}`);
        }
      }),
    );
}
