/**
 * `new <game>`: a new ruleset under `rulesets/<game>/` that compiles, tests and simulates at once: the package files
 * every ruleset has (so that Nx and `npm test` pick it up) and a starting `.rules` file with a game, a turn, a scoring
 * and a test, then its first compile.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Command } from "commander";
import { SUMMARIES } from "./commands.ts";
import { compileRuleset } from "./compile.ts";
import { cliContext, REPO_ROOT, reportingErrors, type CliContext } from "./registry.ts";

export interface ScaffoldOptions {
  /** The game's title (default: the name, words capitalised). */
  readonly title?: string;
  readonly minPlayers?: number;
  readonly maxPlayers?: number;
}

/** The files of a new ruleset, by path inside its folder. */
export function rulesetFiles(name: string, options: ScaffoldOptions = {}): Record<string, string> {
  const title =
    options.title ??
    name
      .split("-")
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(" ");
  const min = options.minPlayers ?? 2;
  const max = options.maxPlayers ?? 4;
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "package.json": json({
      name: `@rules/${name}`,
      version: "0.1.0",
      private: true,
      type: "module",
      exports: { ".": "./generated/engine.ts" },
      dependencies: { "@rules/runtime": "0.1.0" },
    }),
    "project.json": json({
      name,
      $schema: "../../node_modules/nx/schemas/project-schema.json",
      projectType: "library",
      implicitDependencies: ["compiler", "dsl", "runtime"],
      targets: {
        compile: { command: `tsx compiler/src/cli/main.ts compile rulesets/${name}` },
        check: { command: `tsx compiler/src/cli/main.ts compile --check rulesets/${name}` },
        typecheck: { command: `tsc -p rulesets/${name}/tsconfig.json`, dependsOn: ["check", "^typecheck"] },
        test: { command: `vitest run --root rulesets/${name}`, dependsOn: ["check"] },
      },
    }),
    "tsconfig.json": json({ extends: "../../tsconfig.base.json", include: ["generated/**/*.ts", "*.ts"] }),
    "vitest.config.ts": [
      'import { defineConfig } from "vitest/config";',
      "",
      "export default defineConfig({",
      "  test: {",
      '    include: ["generated/**/*.test.ts"],',
      "  },",
      "});",
      "",
    ].join("\n"),
    [`${name}.rules`]: starterRules(title, min, max),
  };
}

/** A small complete game to start from: rounds of rolling a die or passing, the most points win. */
function starterRules(title: string, min: number, max: number): string {
  return `// ${title}: a starting point made by \`rules new\`. Replace these rules with your game's, one rule of the rulebook
// at a time; \`npx rules check\` after each change, \`npm test\` to run the tests at the end of this file.

game ${JSON.stringify(title)} { players ${min}..${max} }

// How many rounds a game lasts; a variant may change it.
param ROUNDS: int = 5

variant short "A shorter game" {
  set ROUNDS = 3
}

per player {
  points: int
}

// Each round, every player in turn rolls the die or passes.
flow {
  repeat ROUNDS {
    for p in players {
      act p: Roll | Pass
    }
  }
  end "the last round was played"
}

// The die's face in points.
action Roll "roll the die" {
  me.points += random(1, 6)
}

action Pass "pass" {
}

// The most points win; players tied share the victory.
scoring {
  score p: p.points
}

test "a roll scores the die's face" {
  players ${min}
  // Forces the next random result, counted from 0: the die shows its fourth face.
  random 3
  play 0 Roll
  expect players[0].points == 4
}

test "a game lasts its rounds, every player acting once a round" {
  players ${min}
  variant short
  expect always in 3 random games: not over or size(acting) == 0
}
`;
}

/** Writes a new ruleset and compiles it; refuses a bad name or an existing folder. */
export async function scaffoldRuleset(
  name: string,
  options: ScaffoldOptions = {},
  root: string = REPO_ROOT,
): Promise<string> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`"${name}" is not a ruleset name: use lower-case words joined by hyphens, like "glen-more"`);
  }
  const min = options.minPlayers ?? 2;
  const max = options.maxPlayers ?? 4;
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max >= min)) {
    throw new Error(`the player counts ${min}..${max} are not a range of whole numbers from 1`);
  }
  const folder = join(root, "rulesets", name);
  if (existsSync(folder)) throw new Error(`${relative(root, folder)} already exists`);
  await mkdir(folder, { recursive: true });
  // Written as the repository's Prettier check wants them.
  const prettier = await import("prettier");
  for (const [path, content] of Object.entries(rulesetFiles(name, options))) {
    const filepath = join(folder, path);
    const config = (await prettier.resolveConfig(filepath)) ?? {};
    const formatted = path.endsWith(".rules") ? content : await prettier.format(content, { ...config, filepath });
    await writeFile(filepath, formatted);
  }
  const outcome = await compileRuleset({ name, rulesPath: join(folder, `${name}.rules`), folder }, "write", root);
  const errors = outcome.result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`internal: the starting rules do not check: ${errors[0]!.message}`);
  return folder;
}

interface NewFlags {
  readonly title?: string;
  readonly players?: string;
}

export function registerNew(program: Command, context: CliContext = cliContext(), root: string = REPO_ROOT): void {
  program
    .command("new")
    .description(SUMMARIES.new)
    .argument("<game>", "the ruleset's name: lower-case words joined by hyphens")
    .option("--title <title>", "the game's title (default: from the name)")
    .option("--players <min..max>", "how many players (default: 2..4)")
    .action((game: string, flags: NewFlags) =>
      reportingErrors(context, async () => {
        const range = flags.players === undefined ? undefined : /^(\d+)\.\.(\d+)$/.exec(flags.players);
        if (flags.players !== undefined && !range) throw new Error(`--players: write a range like 2..4`);
        const folder = await scaffoldRuleset(
          game,
          {
            ...(flags.title === undefined ? {} : { title: flags.title }),
            ...(range ? { minPlayers: Number(range[1]), maxPlayers: Number(range[2]) } : {}),
          },
          root,
        );
        const shown = relative(root, folder);
        context.stdout.write(
          [
            `created ${shown}/ (${game}.rules, its generated engine and tests, package and Nx files)`,
            "next:",
            "  npm install                          # once: adds the new package to the lockfile",
            `  npx rules check ${shown}/${game}.rules`,
            `  npx rules compile ${shown}            # after each change of the rules`,
            `  npx rules simulate ${game} --games 100`,
            "  npm test                             # its tests run with the others",
            "",
          ].join("\n"),
        );
      }),
    );
}
