/**
 * `simulate --report out.html`: one self-contained HTML page (no request leaves it: the charting library and the
 * data are inside) with each game's summary table and charts. The Vega-Lite charts are compiled to Vega here, so
 * the page carries Vega alone. The same simulation gives the same page, byte for byte (no date, no timings).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SUMMARY_COLUMNS, variantLabel, type SimulationSummary } from "@rules/runtime";
import { compile } from "vega-lite";
import { gameCharts, type Chart } from "./report-charts.ts";
import { reportData, type ReportData } from "./report-data.ts";

export interface ReportOptions {
  /** The command that produced the simulation, shown so a reader can run it again. */
  readonly command: string;
}

/** A compiled chart: its Vega specification, ready for `new vega.View(vega.parse(spec))`. */
export interface RenderedChart extends Omit<Chart, "spec"> {
  readonly id: string;
  readonly vega: unknown;
}

/** Each game's charts, compiled to Vega, in the order of the summaries. */
export function reportCharts(summaries: readonly SimulationSummary[]): { game: string; charts: RenderedChart[] }[] {
  const all = reportData(summaries);
  return games(summaries).map((game) => {
    const data = onlyGame(all, game);
    const variants = [...new Set(summaries.filter((s) => s.game === game).map(variantLabel))];
    const charts = gameCharts(data, variants).map(({ spec, ...chart }) => ({
      ...chart,
      id: `${game}-${chart.name}`,
      // Without its `$schema` address: the page links nothing.
      vega: { ...compile(spec).spec, $schema: undefined },
    }));
    return { game, charts };
  });
}

/** The page. */
export function reportPage(summaries: readonly SimulationSummary[], options: ReportOptions): string {
  const sections = reportCharts(summaries).map(({ game, charts }) => {
    const mine = summaries.filter((s) => s.game === game);
    const figures = charts
      .map(
        (c) =>
          `<figure>\n<h3>${escapeHtml(c.title)}</h3>\n<div class="chart" id="${c.id}"></div>\n` +
          `<figcaption>${escapeHtml(c.caption)}</figcaption>\n</figure>`,
      )
      .join("\n");
    const specs = Object.fromEntries(charts.map((c) => [c.id, c.vega]));
    return (
      `<section>\n<h2>${escapeHtml(game)}</h2>\n${summaryTable(mine)}\n${figures}\n` +
      `<script type="application/json" class="charts">${scriptJson(specs)}</script>\n</section>`
    );
  });
  const title = `Simulation report: ${games(summaries).join(", ")}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1.5rem 0; }
figcaption { color: #555; font-size: 0.9rem; max-width: 60rem; }
code { background: #f3f3f3; padding: 0 0.2rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Random players. Made by <code>${escapeHtml(options.command)}</code>; the same command gives the same report.</p>
${sections.join("\n")}
<script>${vegaLibrary()}</script>
<script>
for (const block of document.querySelectorAll("script.charts")) {
  for (const [id, spec] of Object.entries(JSON.parse(block.textContent))) {
    new vega.View(vega.parse(spec), { renderer: "svg", container: document.getElementById(id), hover: true })
      .runAsync()
      .catch((error) => { document.getElementById(id).textContent = "This chart could not be drawn: " + error; });
  }
}
</script>
</body>
</html>
`;
}

/** The summary table's columns (without the game, which heads the section, and the speed, which varies). */
function summaryTable(summaries: readonly SimulationSummary[]): string {
  const columns = SUMMARY_COLUMNS.filter((c) => c.title !== "game" && c.title !== "games/s");
  const row = (tag: string, cells: readonly string[]): string =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join("")}</tr>`;
  const body = summaries.map((s) =>
    row(
      "td",
      columns.map((c) => c.cell(s)),
    ),
  );
  return `<table>\n${row(
    "th",
    columns.map((c) => c.title),
  )}\n${body.join("\n")}\n</table>`;
}

function games(summaries: readonly SimulationSummary[]): string[] {
  return [...new Set(summaries.map((s) => s.game))];
}

function onlyGame(data: ReportData, game: string): ReportData {
  return {
    lengths: data.lengths.filter((r) => r.game === game),
    endings: data.endings.filter((r) => r.game === game),
    seats: data.seats.filter((r) => r.game === game),
    firstActor: data.firstActor.filter((r) => r.game === game),
    scores: data.scores.filter((r) => r.game === game),
    actions: data.actions.filter((r) => r.game === game),
  };
}

/** Vega's browser build, read from the installed package (its `exports` name the module build only). */
function vegaLibrary(): string {
  const module = createRequire(import.meta.url).resolve("vega");
  return readFileSync(join(dirname(module), "vega.min.js"), "utf8");
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}
