/**
 * A worker of `simulate --workers`: plays a range of games of one batch and gives back their tally, which the
 * command merges into the summary one thread would give.
 */
import { tallyGames, type BatchTally, type SimulationOptions } from "@rules/runtime";
import { loadEngineOnce } from "./registry.ts";

export interface SimulateTask {
  readonly enginePath: string;
  readonly options: Omit<SimulationOptions, "onProgress">;
  readonly from: number;
  readonly count: number;
}

export default async function playRange(task: SimulateTask): Promise<BatchTally> {
  const engine = await loadEngineOnce(task.enginePath);
  return tallyGames(engine, task.options, task.from, task.count);
}
