#!/usr/bin/env node
/** The `rules` command line: compile and check rules, then play, simulate or replay the compiled games. */
import { Command } from "commander";
import { registerCompile } from "./compile.ts";
import { registerPlay } from "./play.ts";
import { registerReplay } from "./replay.ts";
import { registerSimulate } from "./simulate.ts";

const program = new Command()
  .name("rules")
  .description("A rules compiler for board games: .rules text -> typed TypeScript engines, and a runtime to play them.")
  .showHelpAfterError("(add --help for usage)");

registerCompile(program);
registerPlay(program);
registerSimulate(program);
registerReplay(program);

await program.parseAsync(process.argv);
