/**
 * The page of `rules serve <game>`: any compiled game played in the browser, from the same engine module the Node
 * runtime uses. Each seat is a person or an agent; a person sees their own view and their legal actions as buttons
 * (a choice among many values as a list to pick from), the log of actions, an undo that never takes back what was
 * revealed, and save and load in the runtime's save format. No code of any game: everything comes from the engine.
 */
import engine from "virtual:rules-engine";
import { SaveError, Table, namesOfAction, type ActionNames, type EngineAction, type Sitter } from "@rules/runtime";
import { renderView, type Picks } from "./board.ts";

type AnyTable = Table<object, EngineAction, unknown>;

/** More answers than this to one choice are offered as a list to pick from, not as buttons. */
const MOST_BUTTONS = 12;
/**
 * Who may sit at a seat: a person or an agent. Rules that say how far a player is (`progress`) also get the agents that
 * follow it further ahead: a pirate of Predoni's one-ply `greedy` rarely conquers a city, `greedy:2:2` does, and
 * `mcts:200:8` judges its look-ahead by progress rather than playing each simulated game to its end.
 */
const SITTERS: readonly string[] = [
  "human",
  "random",
  "greedy",
  "mcts:200",
  ...(engine.progress === undefined ? [] : ["greedy:2:2", "mcts:200:8"]),
];

let table: AnyTable | null = null;
let problem = "";
/**
 * A square, cell or place the player clicked that several legal actions name (a piece with three moves): the action
 * panel then offers only those, until an action is taken or the player asks for all again.
 */
let narrowed: { readonly kind: NameKind; readonly key: string; readonly label: string } | null = null;

type NameKind = "hexes" | "cells" | "words";
const NAME_KINDS: readonly NameKind[] = ["hexes", "cells", "words"];

/** What an action names, as its player reads it (see the runtime's `namesOfAction`). */
function namesOf(t: AnyTable, action: EngineAction): ActionNames {
  return namesOfAction(engine, t.session.state, action);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

function select(name: string, options: readonly string[], value: string): HTMLSelectElement {
  const s = element("select");
  s.name = name;
  for (const o of options) s.append(new Option(o, o, false, o === value));
  return s;
}

/** The new-game form: players, variant, seed, and who sits at each seat. */
function setupForm(): HTMLFormElement {
  const form = element("form");
  form.className = "panel";
  form.dataset.panel = "setup";
  const counts = Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) =>
    String(engine.minPlayers + i),
  );
  const players = select("players", counts, String(table?.session.players ?? engine.minPlayers));
  const variant = select("variant", engine.variants, table?.session.options.variant ?? engine.variants[0] ?? "base");
  const seed = element("input");
  seed.name = "seed";
  seed.type = "number";
  seed.value = String(table?.session.options.seed ?? 1);
  const seats = element("span");
  const drawSeats = (): void => {
    seats.replaceChildren(
      ...Array.from({ length: Number(players.value) }, (_, seat) => {
        const label = element("label", ` seat ${seat} `);
        label.append(select(`seat${seat}`, SITTERS, seat === 0 ? "human" : "random"));
        return label;
      }),
    );
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const start = element("button", "New game");
  start.type = "submit";
  form.append("players ", players, " variant ", variant, " seed ", seed, seats, " ", start);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const count = Number(players.value);
    const sitters: Sitter[] = Array.from(
      { length: count },
      (_, seat) => (form.elements.namedItem(`seat${seat}`) as HTMLSelectElement).value,
    );
    try {
      table = Table.create(
        engine,
        { players: count, seed: Number(seed.value), variant: variant.value },
        sitters,
      ) as AnyTable;
      problem = "";
      narrowed = null;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    draw();
  });
  return form;
}

/** The buttons (or lists) of `seat`'s legal actions, grouped by kind. */
function actionPanel(t: AnyTable, seat: number, heading: string): HTMLElement {
  const panel = element("div");
  panel.className = "panel actions";
  panel.dataset.panel = "actions";
  panel.append(element("h3", heading));
  const legal = t.session.legalActions(seat);
  const only = narrowed;
  const naming = only === null ? [] : legal.filter((a) => namesOf(t, a)[only.kind].includes(only.key));
  if (only !== null && naming.length > 0) {
    const all = element("button", "Show every action");
    all.dataset.showAll = "";
    all.addEventListener("click", () => {
      narrowed = null;
      draw();
    });
    const note = element("p", `The actions that name ${only.label}: `);
    note.dataset.narrowed = only.key;
    note.append(all);
    panel.append(note);
  }
  const groups = new Map<string, EngineAction[]>();
  for (const action of naming.length > 0 ? naming : legal) {
    groups.set(action.type, [...(groups.get(action.type) ?? []), action]);
  }
  for (const [type, actions] of groups) {
    const row = element("div");
    if (actions.length > MOST_BUTTONS) {
      const list = element("select");
      list.name = type;
      actions.forEach((a, i) => list.append(new Option(t.describe(a), String(i))));
      const go = element("button", type);
      go.addEventListener("click", () => take(actions[Number(list.value)]!));
      row.append(list, go);
    } else {
      for (const action of actions) {
        const button = element("button", t.describe(action));
        button.dataset.action = action.type;
        button.addEventListener("click", () => take(action));
        row.append(button);
      }
    }
    panel.append(row);
  }
  return panel;
}

/**
 * The squares, cells and places `seat` may click: each named by one of its legal actions (a square or cell the
 * action's value is, as the player reads it: `startPort (0, -2)`, `spot (1, 0)`; a name it holds, `sail(zone:
 * "havana")`), which a click takes; one that several actions name (a piece and its moves) narrows the actions offered
 * to those.
 */
function squarePicks(t: AnyTable, seat: number): Picks {
  const named: Record<NameKind, Map<string, EngineAction[]>> = { hexes: new Map(), cells: new Map(), words: new Map() };
  for (const action of t.session.legalActions(seat)) {
    const names = namesOf(t, action);
    for (const kind of NAME_KINDS) {
      for (const key of new Set(names[kind])) named[kind].set(key, [...(named[kind].get(key) ?? []), action]);
    }
  }
  const picks = (kind: NameKind, label: (key: string) => string): Map<string, () => void> =>
    new Map(
      [...named[kind]].map(([key, actions]) => [
        key,
        actions.length === 1
          ? () => take(actions[0]!)
          : () => {
              narrowed = { kind, key, label: label(key) };
              draw();
            },
      ]),
    );
  // A word an action holds is a place of a map of places, when the board has one (`sail(zone: "havana")`).
  return {
    hexes: picks("hexes", (key) => `(${key.replace(",", ", ")})`),
    cells: picks("cells", (key) => `(${key.replace(",", ", ")})`),
    places: picks("words", (key) => key),
  };
}

function take(action: EngineAction): void {
  if (table === null) return;
  const refused = table.act(action);
  problem = refused ?? "";
  narrowed = null;
  draw();
}

/** Undo, save, load. */
function gameControls(t: AnyTable): HTMLElement {
  const panel = element("div");
  panel.className = "panel";
  panel.dataset.panel = "controls";
  const undo = element("button", "Undo");
  undo.disabled = !t.canUndo();
  undo.addEventListener("click", () => {
    t.undo();
    narrowed = null;
    draw();
  });
  const save = element("button", "Save");
  save.addEventListener("click", () => {
    const link = element("a");
    link.href = URL.createObjectURL(new Blob([t.save()], { type: "application/json" }));
    link.download = `${engine.name}-save.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  const load = element("input");
  load.type = "file";
  load.accept = ".json,application/json";
  load.name = "load";
  load.addEventListener("change", async () => {
    const file = load.files?.[0];
    if (file === undefined) return;
    const text = await file.text();
    try {
      const sitters = (players: number): Sitter[] =>
        Array.from({ length: players }, (_, seat) =>
          t.isHuman(seat) || seat >= t.session.players ? "human" : "random",
        );
      table = Table.load(engine, text, sitters) as AnyTable;
      problem = "";
      narrowed = null;
    } catch (error) {
      // A save that cannot be trusted changes nothing: the current game goes on.
      problem = `That save cannot be loaded: ${error instanceof SaveError ? error.message : String(error)}`;
    }
    draw();
  });
  panel.append(undo, " ", save, " load a save: ", load);
  return panel;
}

function logPanel(t: AnyTable): HTMLElement {
  const panel = element("div");
  panel.className = "panel log";
  panel.dataset.panel = "log";
  panel.append(element("h3", "Log"));
  const list = element("ol");
  for (const entry of t.entries) list.append(element("li", `seat ${entry.seat}: ${entry.text}`));
  panel.append(list);
  return panel;
}

function draw(): void {
  const app = document.getElementById("app")!;
  const title = element("h1", engine.title);
  const parts: HTMLElement[] = [title, setupForm()];
  if (problem !== "") {
    const p = element("p", problem);
    p.className = "problem";
    p.dataset.problem = "";
    parts.push(p);
  }
  if (table !== null) {
    const t = table;
    const layout = element("div");
    layout.className = "layout";
    const seat = t.humanToAct();
    const viewer = seat ?? [...Array(t.session.players).keys()].find((s) => t.isHuman(s)) ?? 0;
    const board = element("div");
    board.append(
      renderView(
        t.session.view(viewer) as never,
        engine.viewShape,
        viewer,
        engine.boardView?.(t.session.state) as never,
        seat === undefined ? undefined : squarePicks(t, seat),
        engine.grids?.(t.session.state),
      ),
    );
    // The square whose actions are offered alone stands out on the board.
    if (narrowed !== null) {
      for (const square of board.querySelectorAll(`[data-pick="${CSS.escape(narrowed.key)}"]`)) {
        square.classList.add("chosen");
      }
    }
    const side = element("div");
    const outcome = t.outcome();
    if (outcome !== null) {
      const over = element("div");
      over.className = "panel";
      over.dataset.panel = "outcome";
      const winners = outcome.winners.map((w) => `seat ${w}`).join(" and ");
      over.append(
        element("h3", outcome.abandoned === true ? "The game was given up" : "The game is over"),
        element(
          "p",
          `${outcome.ending ?? ""} ${winners === "" ? "No winner" : `Winner: ${winners}`}. Scores: ${outcome.scores.join(", ")}.`,
        ),
      );
      side.append(over);
    } else if (seat !== undefined) {
      side.append(actionPanel(t, seat, `Seat ${seat}, your move${describeDeciding(t, seat)}`));
    }
    for (const other of t.humansMayInterrupt()) side.append(actionPanel(t, other, `Seat ${other} may interrupt`));
    side.append(gameControls(t), logPanel(t));
    layout.append(board, side);
    parts.push(layout);
  }
  app.replaceChildren(...parts);
}

function describeDeciding(t: AnyTable, seat: number): string {
  const deciding = (t.session.view(seat) as { deciding?: string | null }).deciding;
  return typeof deciding === "string" ? ` (${deciding})` : "";
}

draw();
