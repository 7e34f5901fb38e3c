/**
 * Simulations split across machines: `simulate --shard i/n` plays a deterministic slice of each batch's games and
 * writes their tallies; `rules merge` adds the slices of every shard into the summaries one run gives, bit for bit,
 * and refuses shards of different games, rules, engine builds, batches or seeds, and slices that overlap or leave
 * games out.
 */
import { InvalidArgumentError } from "commander";
import {
  mergeTallies,
  summarize,
  type AnyEngine,
  type BatchTally,
  type SimulationOptions,
  type SimulationSummary,
} from "@rules/runtime";

export const SHARD_FORMAT = "rules-simulation-shard";

/** One batch's slice in a shard file. */
export interface ShardSlice {
  readonly game: string;
  /** The engine's `sourceHash`: slices of other rules do not add up. */
  readonly sourceHash: string;
  /**
   * The engine's `codeHash`, when it has one: another build of the same rules may play other games from the same
   * seeds (a walk in another order draws other cards), and slices of two builds would add up to no one run.
   */
  readonly codeHash?: string;
  readonly options: Omit<SimulationOptions, "onProgress">;
  /** Games `from` to `from + count - 1` of the batch's `options.games`. */
  readonly from: number;
  readonly count: number;
  readonly tally: BatchTally;
}

export interface ShardFile {
  readonly format: typeof SHARD_FORMAT;
  readonly shard: { readonly index: number; readonly of: number };
  readonly slices: readonly ShardSlice[];
}

/** `2/8` (shard 2 of 8, counted from 0 as Kubernetes' JOB_COMPLETION_INDEX is): the index and the count. */
export function parseShard(text: string): { index: number; of: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const of = Number(m?.[2]);
  // An option's parser: Commander prints its refusal as one line, with the option named.
  if (!m || of < 1 || index >= of) throw new InvalidArgumentError("write i/n with 0 <= i < n (e.g. 0/4).");
  return { index, of };
}

/** The games of a batch of `games` that shard `index` of `of` plays: a contiguous range, the same on any machine. */
export function shardRange(games: number, index: number, of: number): { from: number; count: number } {
  const from = Math.floor((games * index) / of);
  return { from, count: Math.floor((games * (index + 1)) / of) - from };
}

/** The key of a batch: slices merge only with slices of the same game, rules and options. */
function batchKey(slice: ShardSlice): string {
  const { games, seed, players, variant, params, maxSteps, agents } = slice.options;
  return JSON.stringify([
    slice.game,
    slice.sourceHash,
    games,
    seed,
    players,
    variant,
    params ?? null,
    maxSteps ?? null,
    agents ?? null,
  ]);
}

/**
 * The summaries of the batches the shard files hold, in the order they first appear, for the engines `engines`
 * (each slice's rules must be theirs). Throws with the reason when the shards do not make whole batches.
 */
export function mergeShards(
  files: readonly { readonly name: string; readonly content: unknown }[],
  engines: readonly AnyEngine[],
): SimulationSummary[] {
  const batches = new Map<string, { slice: ShardSlice; file: string }[]>();
  let first: { name: string; keys: string } | undefined;
  const builds = new Map<string, { codeHash: string | undefined; file: string }>();
  for (const { name, content } of files) {
    const file = content as Partial<ShardFile>;
    if (file.format !== SHARD_FORMAT || !Array.isArray(file.slices)) {
      throw new Error(`${name} is not a shard of a simulation (run \`rules simulate ... --shard i/n\`)`);
    }
    for (const slice of file.slices) {
      const engine = engines.find((e) => e.name === slice.game);
      if (!engine) throw new Error(`${name}: unknown game "${slice.game}"`);
      if (slice.sourceHash !== engine.sourceHash) {
        throw new Error(
          `${name}: its ${slice.game} games were played under other rules (source hash ${slice.sourceHash})`,
        );
      }
      const build = builds.get(slice.game) ?? { codeHash: slice.codeHash, file: name };
      builds.set(slice.game, build);
      if (slice.codeHash !== build.codeHash) {
        throw new Error(
          `${name} and ${build.file} played ${slice.game} with different builds of its engine ` +
            `(code hash ${slice.codeHash ?? "unknown"} and ${build.codeHash ?? "unknown"}): ` +
            "their games may differ; simulate every shard with the same build",
        );
      }
      const key = batchKey(slice);
      const known = batches.get(key) ?? [];
      known.push({ slice, file: name });
      batches.set(key, known);
    }
    // Shards of one simulation hold slices of the same batches: another game, variant, seed or count is another one.
    const keys = JSON.stringify(file.slices.map(batchKey).sort());
    first ??= { name, keys };
    if (keys !== first.keys) {
      throw new Error(
        `${name} and ${first.name} are shards of different simulations (games, variants, seeds or counts)`,
      );
    }
  }
  return [...batches.values()].map((parts) => {
    const { options, game } = parts[0]!.slice;
    const ordered = [...parts].sort((a, b) => a.slice.from - b.slice.from);
    let next = 0;
    for (const { slice, file } of ordered) {
      const label = `${game} ${options.variant} ${options.players}p, seed ${options.seed}`;
      if (slice.from < next)
        throw new Error(`${label}: ${file} plays games from ${slice.from}, which another shard played too`);
      if (slice.from > next) throw new Error(`${label}: games ${next} to ${slice.from - 1} are in no shard`);
      next = slice.from + slice.count;
    }
    if (next !== options.games) {
      throw new Error(
        `${game} ${options.variant} ${options.players}p: games ${next} to ${options.games - 1} are in no shard`,
      );
    }
    const engine = engines.find((e) => e.name === game)!;
    return summarize(engine, options, ordered.map((p) => p.slice.tally).reduce(mergeTallies), 0);
  });
}
