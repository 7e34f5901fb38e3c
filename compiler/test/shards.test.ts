/**
 * A simulation split into shards (`simulate --shard i/n`) merges (`rules merge`) into exactly the summaries of one
 * run; shards that do not make whole batches of one simulation under the same rules are refused with the reason.
 * The deployment examples of the README (a Kubernetes Indexed Job, a CI matrix) parse and say the same.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type SimulationSummary } from "@rules/runtime";
import fixture from "../../runtime/test/fixtures/race-fixture-engine.ts";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { mergeShards, parseShard, shardRange, type ShardFile } from "../src/cli/shards.ts";
import { simulateEngines, simulateShard, type SimulateRequest } from "../src/cli/simulate.ts";
import { reportPage } from "../src/report/report-page.ts";

const request = { games: 100, seed: 4 };
const untimed = (summaries: SimulationSummary[]): unknown =>
  summaries.map(({ elapsedMs: _e, playoutsPerSecond: _p, ...rest }) => rest);
const shards = (of: number, r: SimulateRequest = request): { name: string; content: ShardFile }[] =>
  Array.from({ length: of }, (_, index) => ({
    name: `shard-${index}.json`,
    content: JSON.parse(JSON.stringify(simulateShard([fixture], r, { index, of }))) as ShardFile,
  }));

describe("shards", () => {
  it("cut each batch into contiguous ranges that cover it once", () => {
    expect([0, 1, 2].map((i) => shardRange(100, i, 3))).toEqual([
      { from: 0, count: 33 },
      { from: 33, count: 33 },
      { from: 66, count: 34 },
    ]);
    expect(parseShard("2/8")).toEqual({ index: 2, of: 8 });
    expect(() => parseShard("8/8")).toThrow(/0 <= i < n/);
  });

  it("merge, in any order, into the summaries of one run, bit for bit", () => {
    const one = untimed(simulateEngines([fixture], request));
    expect(untimed(mergeShards(shards(3), [fixture]))).toEqual(one);
    expect(untimed(mergeShards(shards(7).reverse(), [fixture]))).toEqual(one);
  });

  it("made with details, merge into the report one run gives", () => {
    const detailed = { ...request, players: 3, details: true };
    const one = simulateEngines([fixture], detailed);
    const merged = mergeShards(shards(4, detailed), [fixture]);
    expect(untimed(merged)).toEqual(untimed(one));
    const command = "rules simulate race-fixture --games 100 --seed 4 --players 3";
    expect(reportPage(merged, { command }) === reportPage(one, { command })).toBe(true);
    // Without details, the merged summaries have none, and a report says so.
    expect(mergeShards(shards(2), [fixture]).every((s) => s.details === undefined)).toBe(true);
  });

  it("refuse a missing shard, a shard given twice, another simulation, other rules and another build", () => {
    const [a, b, c] = shards(3);
    expect(() => mergeShards([a!, c!], [fixture])).toThrow(/games 33 to 65 are in no shard/);
    expect(() => mergeShards([a!, a!, b!, c!], [fixture])).toThrow(
      /shard-0\.json plays games from 0, which another shard played too/,
    );
    const otherSeed = shards(3, { ...request, seed: 5 })[1]!;
    expect(() => mergeShards([a!, { ...otherSeed, name: "other.json" }, c!], [fixture])).toThrow(
      /other\.json and shard-0\.json are shards of different simulations/,
    );
    const edited = { ...fixture, sourceHash: "changed" };
    expect(() => mergeShards([a!, b!, c!], [edited])).toThrow(/played under other rules/);
    // The same rules, compiled by two builds of the compiler: their games from one seed may differ.
    const [x, y] = shards(2).map((shard, i) => ({
      ...shard,
      content: { ...shard.content, slices: shard.content.slices.map((s) => ({ ...s, codeHash: `build-${i}` })) },
    }));
    expect(() => mergeShards([x!, y!], [fixture])).toThrow(
      /shard-1\.json and shard-0\.json played race-fixture with different builds of its engine \(code hash build-1 and build-0\)/,
    );
    expect(() => mergeShards([x!, shards(2)[1]!], [fixture])).toThrow(/code hash unknown and build-0/);
    expect(() => mergeShards([{ name: "save.json", content: { format: "rules-save" } }], [fixture])).toThrow(
      /save\.json is not a shard of a simulation/,
    );
  });
});

describe("the README's deployments of shards", () => {
  it("a Kubernetes Indexed Job (its index from JOB_COMPLETION_INDEX) and a CI matrix: a shard each, then merge", async () => {
    const readme = await readFile(join(REPO_ROOT, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!) as Record<string, unknown>);
    const job = blocks.find((b) => b.kind === "Job") as {
      spec: {
        completionMode: string;
        completions: number;
        parallelism: number;
        template: { spec: { containers: { args: string[] }[] } };
      };
    };
    expect(job.spec.completionMode).toBe("Indexed");
    const command = job.spec.template.spec.containers[0]!.args.join(" ");
    expect(command).toContain(`--shard "$JOB_COMPLETION_INDEX/${job.spec.completions}"`);
    const workflow = blocks.find((b) => "jobs" in b) as {
      jobs: {
        shard: { strategy: { matrix: { index: number[] } }; steps: { run?: string }[] };
        merge: { needs: string; steps: { run?: string }[] };
      };
    };
    const indices = workflow.jobs.shard.strategy.matrix.index;
    expect(indices).toEqual(indices.map((_, i) => i));
    const run = workflow.jobs.shard.steps.map((s) => s.run ?? "").join("\n");
    expect(run).toContain(`--shard \${{ matrix.index }}/${indices.length}`);
    expect(workflow.jobs.merge.needs).toBe("shard");
    expect(workflow.jobs.merge.steps.some((s) => s.run?.startsWith("npx rules merge"))).toBe(true);
  });
});
