/**
 * A worker of `simulate --workers`: plays a range of games of one batch and gives back their tally, which the
 * command merges into the summary one thread would give.
 */
import { tallyGames, type AnyEngine, type BatchTally, type SimulationOptions } from "@rules/runtime";
import { loadEngineModule } from "./registry.ts";

export interface SimulateTask {
  readonly enginePath: string;
  readonly options: Omit<SimulationOptions, "onProgress">;
  readonly from: number;
  readonly count: number;
}

const engines = new Map<string, Promise<AnyEngine>>();

export default async function playRange(task: SimulateTask): Promise<BatchTally> {
  if (!engines.has(task.enginePath)) engines.set(task.enginePath, loadEngineModule(task.enginePath));
  const engine = await engines.get(task.enginePath)!;
  return tallyGames(engine, task.options, task.from, task.count);
}
