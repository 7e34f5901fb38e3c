/**
 * The charts of a simulation report, as Vega-Lite specifications over the tables of `report-data.ts`. Every chart
 * that shows batches sets them in a grid: variants side by side (columns), player counts one under the other (rows).
 */
import type { TopLevelSpec } from "vega-lite";

/** A facet of a Vega-Lite chart (the package exports the top-level spec type only). */
type Facet = Extract<TopLevelSpec, { facet: unknown }>["facet"];
import type { ReportData } from "./report-data.ts";

export interface Chart {
  /** Used for the element's id: `<game>-<name>`. */
  readonly name: string;
  readonly title: string;
  /** What the chart shows, for the reader, in a sentence or two. */
  readonly caption: string;
  readonly spec: TopLevelSpec;
}

const WIDTH = 240;
const HEIGHT = 130;

/** Variants side by side, in the order the simulation ran them; player counts one under the other. */
function batchGrid(variants: readonly string[]): Facet {
  return {
    column: { field: "variant", type: "nominal", title: "variant", sort: [...variants] },
    row: { field: "players", type: "ordinal", title: "players" },
  };
}

const PERCENT = { format: ".0%" } as const;

/** A share and its 95% interval (`Estimate` rows): an error bar from `low` to `high`, a point at `rate`. */
function estimateLayers(title: string) {
  return [
    {
      mark: { type: "errorbar", ticks: true },
      encoding: {
        y: { field: "low", type: "quantitative", title, axis: PERCENT },
        y2: { field: "high" },
      },
    },
    {
      mark: { type: "point", filled: true, size: 50, tooltip: true },
      encoding: { y: { field: "rate", type: "quantitative" } },
    },
  ] as const;
}

/** The charts of one game's batches (`data` holds that game's rows only; `variants` in the order to show them). */
export function gameCharts(data: ReportData, variants: readonly string[]): Chart[] {
  const BATCH_GRID = batchGrid(variants);
  const charts: Chart[] = [
    {
      name: "lengths",
      title: "How long games last",
      caption: "Games by their number of actions (every decision of every player counts one).",
      spec: {
        data: { values: data.lengths },
        facet: BATCH_GRID,
        spec: {
          width: WIDTH,
          height: HEIGHT,
          mark: { type: "bar", tooltip: true },
          encoding: {
            x: { field: "length", type: "quantitative", bin: { maxbins: 30 }, title: "actions in the game" },
            y: { field: "games", type: "quantitative", aggregate: "sum", title: "games" },
          },
        },
      },
    },
  ];
  if (data.endings.length > 0) {
    charts.push({
      name: "endings",
      title: "How games ended",
      caption: "The share of games that ended each way, as the rules' `end` names it.",
      spec: {
        data: { values: data.endings },
        facet: BATCH_GRID,
        spec: {
          width: WIDTH,
          mark: { type: "bar", tooltip: true },
          encoding: {
            y: { field: "ending", type: "nominal", title: null, sort: "-x" },
            x: {
              field: "share",
              type: "quantitative",
              title: "share of games",
              axis: PERCENT,
              scale: { domain: [0, 1] },
            },
          },
        },
      },
    });
  }
  charts.push(
    {
      name: "seats",
      title: "Win rate by seat",
      caption:
        "Each seat's share of the wins (a win shared by k players counts 1/k), with its 95% interval; the dashed line " +
        "is the share every seat would have if the seat did not matter.",
      spec: {
        data: { values: data.seats },
        facet: BATCH_GRID,
        spec: {
          width: WIDTH,
          height: HEIGHT,
          encoding: { x: { field: "seat", type: "ordinal", title: "seat", axis: { labelAngle: 0 } } },
          layer: [
            {
              // One line across the seats: the layer's own x is a constant.
              mark: { type: "rule", strokeDash: [4, 3], color: "#888" },
              encoding: {
                y: { field: "fair", type: "quantitative", aggregate: "mean" },
                x: { value: 0 },
                x2: { value: WIDTH },
              },
            },
            ...estimateLayers("win rate"),
          ],
        },
      },
    },
    {
      name: "first",
      title: "First-player advantage",
      caption:
        "How often the seat that took the game's first decision won, with its 95% interval, against the fair " +
        "share (ticks).",
      spec: {
        data: { values: data.firstActor },
        width: WIDTH,
        height: HEIGHT,
        encoding: {
          x: { field: "players", type: "ordinal", title: "players", axis: { labelAngle: 0 } },
          xOffset: { field: "variant", type: "nominal", sort: [...variants] },
          color: { field: "variant", type: "nominal", title: "variant", sort: [...variants] },
        },
        layer: [
          {
            mark: { type: "tick", thickness: 2 },
            encoding: { y: { field: "fair", type: "quantitative" }, color: { value: "#222" } },
          },
          ...estimateLayers("first player's win rate"),
        ],
      },
    },
    {
      name: "scores",
      title: "Final scores",
      caption: "Games by each seat's final score.",
      spec: {
        data: { values: data.scores },
        facet: BATCH_GRID,
        spec: {
          width: WIDTH,
          height: HEIGHT,
          mark: { type: "line", point: true, tooltip: true },
          encoding: {
            x: { field: "score", type: "quantitative", title: "final score" },
            y: { field: "games", type: "quantitative", title: "games" },
            color: { field: "seat", type: "nominal", title: "seat" },
          },
        },
      },
    },
    {
      name: "actions",
      title: "What players do over the game",
      caption:
        "The share of each kind of action in each tenth of the games (a choice counts under its name; the rarest " +
        "kinds together as (other)).",
      spec: {
        data: { values: data.actions },
        facet: BATCH_GRID,
        spec: {
          width: WIDTH,
          height: HEIGHT,
          mark: { type: "area", tooltip: true },
          encoding: {
            x: { field: "stage", type: "quantitative", title: "tenth of the game", scale: { domain: [1, 10] } },
            y: { field: "count", type: "quantitative", stack: "normalize", title: "share of actions", axis: PERCENT },
            color: { field: "action", type: "nominal", title: "action", scale: { scheme: "tableau20" } },
          },
        },
      },
    },
  );
  return charts;
}
