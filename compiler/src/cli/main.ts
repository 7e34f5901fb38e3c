#!/usr/bin/env node
/** The `rules` command line: compile and check rules, then play, simulate or replay the compiled games. */
import { Command } from "commander";
import { COMMANDS } from "./commands.ts";

const program = new Command()
  .name("rules")
  .description("A rules compiler for board games: .rules text -> typed TypeScript engines, and a runtime to play them.")
  .showHelpAfterError("(add --help for usage)");

// Only the command asked for (or asked about, `rules help play`) is loaded; without one, the commands are listed.
const words = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const name = words[0] === "help" ? words[1] : words[0];
const asked = COMMANDS.find((c) => c.name === name);
if (asked) (await asked.load())(program);
else for (const c of COMMANDS) program.command(c.name).description(c.summary);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // What a command's own reporting (registry.ts's reportingErrors, not imported here: it would slow every start)
  // did not catch, as an option's parser that threw a plain error: one line, never a stack trace (RULES_DEBUG=1).
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.RULES_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
