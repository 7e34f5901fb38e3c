/**
 * A player's view drawn from its shape (the engine's `viewShape`, from the rules' types), for any game: a panel for
 * each player and one for the table; lists of records as cards, maps keyed by hexes as hex boards, maps keyed by
 * cells as square grids; what the viewer may not see as "hidden".
 */
import {
  VIEW_BOOKKEEPING,
  boardOverview,
  graphOverview,
  type BoardGrids,
  type FieldShape,
  type GridSize,
  type ValueShape,
  type ViewShape,
} from "@rules/runtime";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function element(tag: string, className?: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (className !== undefined) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The squares and cells the player to act may click, each taking the one legal action that names it (`"q,r"` keys for
 * hexes, `"x,y"` for cells).
 */
export interface Picks {
  readonly hexes: ReadonlyMap<string, () => void>;
  readonly cells: ReadonlyMap<string, () => void>;
  /** By name: the places of a map of places an action names. */
  readonly places: ReadonlyMap<string, () => void>;
}

type CellPicks = ReadonlyMap<string, () => void> | undefined;

/**
 * The view of `viewer` (a seat), in panels; with `board` (the engine's `boardView`: the board every player sees),
 * first the board with the pieces of the view on it. `grids` (the engine's): the bounded grids boards lie on, drawn
 * whole.
 */
export function renderView(
  view: Record<string, Json>,
  shape: ViewShape | undefined,
  viewer: number,
  board?: Record<string, Json>,
  picks?: Picks,
  grids?: BoardGrids,
): HTMLElement {
  const root = element("div");
  const overview = board === undefined ? null : boardOverviewElement(board, view, shape, picks?.hexes);
  const graph = board === undefined ? null : graphElement(board, view, shape, picks?.places);
  if (overview !== null || graph !== null) {
    const panel = element("div", "panel");
    panel.dataset.panel = "board";
    panel.append(element("h3", undefined, "Board"), ...[overview, graph].filter((e) => e !== null));
    root.append(panel);
  }
  const players = (view.players ?? []) as Record<string, Json>[];
  const table = element("div", "panel");
  table.dataset.panel = "table";
  table.append(element("h3", undefined, "Table"));
  // The players have panels of their own; what is being decided heads the actions.
  const skip = new Set([...VIEW_BOOKKEEPING, "players", "deciding"]);
  const tableFields = shape?.table ?? {};
  for (const [name, value] of Object.entries(view)) {
    if (skip.has(name)) continue;
    // A board on the table (Breakthrough's pieces) takes clicks on its cells as well.
    table.append(renderField(name, value, tableFields[name], shape, picks?.cells, grids?.table[name]));
  }
  root.append(table);
  players.forEach((fields, seat) => {
    // A seat with nothing of its own to show (Connect Four's) has no panel.
    if (Object.keys(fields).length === 0) return;
    const panel = element("div", seat === viewer ? "panel you" : "panel");
    panel.dataset.panel = `seat-${seat}`;
    panel.append(element("h3", undefined, seat === viewer ? `Seat ${seat} (you)` : `Seat ${seat}`));
    for (const [name, value] of Object.entries(fields)) {
      // The cells the viewer may click lie in the viewer's own grids (where a tile of theirs goes).
      const cells = seat === viewer ? picks?.cells : undefined;
      panel.append(renderField(name, value, shape?.players[name], shape, cells, grids?.players[name]));
    }
    root.append(panel);
  });
  return root;
}

function renderField(
  name: string,
  value: Json,
  field: FieldShape | undefined,
  shape: ViewShape | undefined,
  picks?: CellPicks,
  grid?: GridSize,
): HTMLElement {
  const row = element("div", "field");
  row.append(element("span", "name", name));
  const type = field?.shown === true ? undefined : field?.type;
  // A hidden list shows only how many it holds, and so does a list whose elements only its owner sees (`elements
  // private`) to the others.
  if (typeof value === "number" && field?.visibility === "hidden") {
    row.append(element("span", "hidden", `${value} face down`));
  } else if (typeof value === "number" && field?.type.kind === "list") {
    row.append(element("span", "hidden", `${value} hidden`));
  } else {
    row.append(renderValue(value, type, shape, picks, grid));
  }
  return row;
}

/** A value, drawn by its type when the shape knows it, else by its JSON form. */
export function renderValue(
  value: Json,
  type: ValueShape | undefined,
  shape: ViewShape | undefined,
  /** Cells to click, for a grid drawn here. */
  picks?: CellPicks,
  /** The bounded grid a map of cells drawn here lies on. */
  grid?: GridSize,
): HTMLElement {
  if (value === null) return element("span", "hidden", type?.kind === "optional" ? "none" : "hidden");
  if (type?.kind === "optional") return renderValue(value, type.of, shape);
  if (type?.kind === "map" && typeof value === "object" && !Array.isArray(value)) {
    if (type.key.kind === "hex") return hexBoard(value, type.value, shape);
    if (type.key.kind === "cell") return squareGrid(value, type.value, shape, picks, grid);
  }
  if (Array.isArray(value)) {
    const of = type?.kind === "list" ? type.of : undefined;
    if (value.length === 0) return element("span", "hidden", "none");
    const placed = of?.kind === "record" ? placedGrid(value, of.name, shape, picks) : null;
    if (placed !== null) return placed;
    if (value.every((v) => typeof v !== "object" || v === null)) {
      const list = element("span");
      for (const v of value) list.append(element("span", "chip", short(v)));
      return list;
    }
    const cards = element("div", "cards");
    for (const v of value) {
      const card = element("div", "card");
      card.append(renderValue(v, of, shape));
      cards.append(card);
    }
    return cards;
  }
  if (typeof value === "object") {
    if (type?.kind === "record" && shape?.records[type.name] !== undefined) {
      const fields = shape.records[type.name]!;
      const box = element("div");
      for (const [name, v] of Object.entries(value)) box.append(renderField(name, v, fields[name], shape));
      return box;
    }
    if (type?.kind === "deck") {
      return element(
        "span",
        undefined,
        `${short(value.pile ?? null)} face down, discard: ${short(value.discard ?? [])}`,
      );
    }
    if (isPoint(value)) return element("span", undefined, short(value));
    // A member of an enum carrying values reads as the rules write it: `tile(id: Forest (0-2))`, `die`.
    if (type?.kind === "enum" && typeof value.kind === "string") return element("span", undefined, short(value));
    const box = element("div");
    const valueType = type?.kind === "map" ? type.value : undefined;
    for (const [name, v] of Object.entries(value)) {
      const row = element("div", "field");
      row.append(element("span", "name", name), renderValue(v, valueType, shape));
      box.append(row);
    }
    return box;
  }
  return element("span", undefined, short(value));
}

function isPoint(value: { [key: string]: Json }): boolean {
  const keys = Object.keys(value).sort().join(",");
  return keys === "q,r" || keys === "x,y";
}

/** A value in a few characters, for a square of a board or a chip. */
function short(value: Json): string {
  if (value === null) return "–";
  if (Array.isArray(value)) return `[${value.map(short).join(", ")}]`;
  if (typeof value === "object") {
    if (isPoint(value))
      return "q" in value ? `(${short(value.q!)}, ${short(value.r!)})` : `(${short(value.x!)}, ${short(value.y!)})`;
    const tag = value.kind;
    const rest = Object.entries(value).filter(([k]) => k !== "kind");
    const inner = rest.map(([k, v]) => `${k}: ${short(v)}`).join(", ");
    return typeof tag === "string" ? (inner === "" ? tag : `${tag}(${inner})`) : `{${inner}}`;
  }
  return String(value);
}

/**
 * A map keyed by cells ("x,y"), drawn as the grid it lies on (`size`, from cell(0, 0)) or else as the grid of its
 * cells' bounding box.
 */
function squareGrid(
  map: { [key: string]: Json },
  of: ValueShape,
  shape: ViewShape | undefined,
  picks: CellPicks,
  size: GridSize | undefined,
): HTMLElement {
  const cells = Object.entries(map).map(([key, v]) => {
    const [x, y] = key.split(",").map(Number) as [number, number];
    return { x, y, v };
  });
  const grid = element("div", "grid");
  grid.dataset.board = "grid";
  const offered = pickCells(picks);
  const corners =
    size === undefined
      ? []
      : [
          { x: 0, y: 0 },
          { x: size.width - 1, y: size.height - 1 },
        ];
  const spanned = [...cells, ...offered, ...corners];
  if (spanned.length === 0) return element("span", "hidden", "empty");
  const xs = spanned.map((c) => c.x);
  const ys = spanned.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  grid.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, 2.2rem)`;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const found = cells.find((c) => c.x === x && c.y === y);
      const square = element("div", undefined, found === undefined ? "" : short(found.v));
      square.title =
        found === undefined ? `(${x}, ${y})` : `(${x}, ${y}): ${renderValue(found.v, of, shape).textContent}`;
      offerPick(square, picks, x, y);
      grid.append(square);
    }
  }
  return grid;
}

/**
 * A list of records that each stand on a cell (a record type with one `Cell` field: Glen More's display of tiles),
 * drawn as cards laid on the grid of their cells, each card numbered by its position in the list (the position the
 * actions name). Null when the records cannot be laid so (no single cell field, or two on one cell).
 */
function placedGrid(list: Json[], record: string, shape: ViewShape | undefined, picks: CellPicks): HTMLElement | null {
  const fields = shape?.records[record];
  const onCells = Object.entries(fields ?? {}).filter(([, f]) => f.type.kind === "cell");
  if (onCells.length !== 1) return null;
  const field = onCells[0]![0];
  const cells: { x: number; y: number; item: Json; i: number }[] = [];
  for (const [i, item] of list.entries()) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return null;
    const at = item[field];
    if (typeof at !== "object" || at === null || Array.isArray(at)) return null;
    const { x, y } = at;
    if (typeof x !== "number" || typeof y !== "number" || cells.some((c) => c.x === x && c.y === y)) return null;
    cells.push({ x, y, item, i });
  }
  // The cells the player may click to put something there (a tile's place) are empty places of the grid.
  const offered = pickCells(picks).filter((p) => !cells.some((c) => c.x === p.x && c.y === p.y));
  const x0 = Math.min(...[...cells, ...offered].map((c) => c.x));
  const y0 = Math.min(...[...cells, ...offered].map((c) => c.y));
  const grid = element("div", "placed");
  grid.dataset.board = "placed";
  for (const { x, y } of offered) {
    const slot = element("div", "slot", `(${x}, ${y})`);
    slot.style.gridColumn = String(x - x0 + 1);
    slot.style.gridRow = String(y - y0 + 1);
    offerPick(slot, picks, x, y);
    grid.append(slot);
  }
  for (const { x, y, item, i } of cells) {
    const card = element("div", "card");
    card.style.gridColumn = String(x - x0 + 1);
    card.style.gridRow = String(y - y0 + 1);
    card.title = `(${x}, ${y})`;
    card.append(element("span", "position", `#${i}`), renderValue(item, { kind: "record", name: record }, shape));
    grid.append(card);
  }
  return grid;
}

/** The cells `picks` offers. */
function pickCells(picks: CellPicks): { x: number; y: number }[] {
  return [...(picks?.keys() ?? [])].map((key) => {
    const [x, y] = key.split(",").map(Number) as [number, number];
    return { x, y };
  });
}

/** Makes `target` take the action that names cell (x, y), when one does. */
function offerPick(target: HTMLElement, picks: CellPicks, x: number, y: number): void {
  const pick = picks?.get(`${x},${y}`);
  if (pick === undefined) return;
  target.classList.add("pick");
  target.dataset.pick = `${x},${y}`;
  target.addEventListener("click", pick);
}

/** Fills for the kinds of square a board has (the commonest, the open sea or plain ground, gets the first). */
const FILLS = ["#eef4fb", "#d9ead3", "#fce5cd", "#d9d2e9", "#fff2cc", "#f4cccc", "#d0e0e3", "#ead1dc", "#e6e6e6"];

/**
 * The board the rules derive (`boardView`), drawn once as hexes (see the runtime's `boardOverview`): every square
 * coloured by its kind, with a key; on it, lettered, every hex the view holds, with a key of the letters. Null for a
 * board with no hexes.
 */
function boardOverviewElement(
  board: Record<string, Json>,
  view: Record<string, Json>,
  shape: ViewShape | undefined,
  picks: ReadonlyMap<string, () => void> | undefined,
): HTMLElement | null {
  const overview = boardOverview(board, view, shape);
  if (overview === null) return null;
  const fills = new Map(overview.kinds.map((kind, i) => [kind, FILLS[i % FILLS.length]!]));
  const label = new Map(overview.key.map((k) => [k.letter, k.label]));
  const svg = hexSvg(
    overview.squares.map((s) => ({
      q: s.q,
      r: s.r,
      fill: fills.get(s.kind) ?? "#ffffff",
      title: `(${s.q}, ${s.r})${[s.kind, ...s.pieces.map((l) => label.get(l)!)]
        .filter((f) => f !== "")
        .map((f) => `; ${f}`)
        .join("")}`,
      label: s.pieces.join("").slice(0, 3),
      pick: picks?.get(`${s.q},${s.r}`),
    })),
    14,
    720,
  );
  svg.dataset.board = "overview";
  const wrap = element("div");
  wrap.append(svg);
  const key = element("div", "legend");
  for (const [kind, fill] of fills) {
    const item = element("span", "chip", kind === "" ? "other squares" : kind);
    item.style.background = fill;
    key.append(item);
  }
  for (const k of overview.key) key.append(element("span", "chip", `${k.letter}: ${k.label}`));
  wrap.append(key);
  return wrap;
}

/**
 * The map of places among the rules' constants (see the runtime's `graphOverview`): each place a dot named by it and
 * the letters of the pieces on it, each link a line, laid out by `springLayout` (the same map is always drawn the
 * same); then the key of the letters.
 */
function graphElement(
  board: Record<string, Json>,
  view: Record<string, Json>,
  shape: ViewShape | undefined,
  picks: ReadonlyMap<string, () => void> | undefined,
): HTMLElement | null {
  const graph = graphOverview(board, view, shape);
  if (graph === null) return null;
  const index = new Map(graph.places.map((p, i) => [p.name, i]));
  const links = graph.links.map(([a, b]) => [index.get(a)!, index.get(b)!] as const);
  const at = springLayout(graph.places.length, links);
  const xs = at.map((p) => p.x);
  const ys = at.map((p) => p.y);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const scale = 560 / Math.max(0.01, Math.max(...xs) - x0, Math.max(...ys) - y0);
  const point = (i: number): { x: number; y: number } => ({
    x: 60 + (at[i]!.x - x0) * scale,
    y: 30 + (at[i]!.y - y0) * scale,
  });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute(
    "viewBox",
    `0 0 ${Math.ceil(120 + (Math.max(...xs) - x0) * scale)} ${Math.ceil(60 + (Math.max(...ys) - y0) * scale)}`,
  );
  svg.setAttribute("width", "680");
  svg.dataset.board = "graph";
  for (const [a, b] of links) {
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    const [p, q] = [point(a), point(b)];
    line.setAttribute("x1", String(p.x));
    line.setAttribute("y1", String(p.y));
    line.setAttribute("x2", String(q.x));
    line.setAttribute("y2", String(q.y));
    line.setAttribute("stroke", "#9ab");
    svg.append(line);
  }
  const label = new Map(graph.key.map((k) => [k.letter, k.label]));
  graph.places.forEach((place, i) => {
    const { x, y } = point(i);
    const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    dot.setAttribute("cx", String(x));
    dot.setAttribute("cy", String(y));
    dot.setAttribute("r", "7");
    dot.setAttribute("fill", place.pieces.length > 0 ? "#fce5cd" : "#eef4fb");
    dot.setAttribute("stroke", "#789");
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = [place.name, ...place.pieces.map((l) => label.get(l)!)].join("; ");
    dot.append(title);
    const pick = picks?.get(place.name);
    if (pick !== undefined) {
      dot.classList.add("pick");
      dot.dataset.pick = place.name;
      dot.addEventListener("click", pick);
    }
    const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
    text.setAttribute("x", String(x));
    text.setAttribute("y", String(y - 10));
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("font-size", "10");
    text.textContent = place.pieces.length > 0 ? `${place.name} ${place.pieces.join("")}` : place.name;
    svg.append(dot, text);
  });
  const wrap = element("div");
  wrap.append(svg);
  const key = element("div", "legend");
  for (const k of graph.key) key.append(element("span", "chip", `${k.letter}: ${k.label}`));
  wrap.append(key);
  return wrap;
}

/** The layouts worked out so far, by map (its number of places and its links). */
const layouts = new Map<string, { x: number; y: number }[]>();

/**
 * Fruchterman-Reingold from a circle in the places' order: every pair pushes apart, every link pulls together, the
 * steps shrinking as it settles. Worked out once per map (the page draws again after every action).
 */
function springLayout(n: number, links: readonly (readonly [number, number])[]): { x: number; y: number }[] {
  const known = `${n}:${links.map(([a, b]) => `${a}-${b}`).join(",")}`;
  const cached = layouts.get(known);
  if (cached !== undefined) return cached;
  const at = Array.from({ length: n }, (_, i) => ({
    x: Math.cos((2 * Math.PI * i) / n),
    y: Math.sin((2 * Math.PI * i) / n),
  }));
  const k = Math.sqrt(4 / n);
  for (let step = 0; step < 300; step++) {
    const move = at.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const dx = at[i]!.x - at[j]!.x;
        const dy = at[i]!.y - at[j]!.y;
        const d = Math.max(0.01, Math.hypot(dx, dy));
        move[i]!.x += (dx / d) * ((k * k) / d);
        move[i]!.y += (dy / d) * ((k * k) / d);
      }
    }
    for (const [a, b] of links) {
      const dx = at[a]!.x - at[b]!.x;
      const dy = at[a]!.y - at[b]!.y;
      const d = Math.max(0.01, Math.hypot(dx, dy));
      const pull = (d * d) / k;
      move[a]!.x -= (dx / d) * pull;
      move[a]!.y -= (dy / d) * pull;
      move[b]!.x += (dx / d) * pull;
      move[b]!.y += (dy / d) * pull;
    }
    const limit = 0.1 * (1 - step / 300);
    at.forEach((p, i) => {
      const m = move[i]!;
      const length = Math.max(0.0001, Math.hypot(m.x, m.y));
      p.x += (m.x / length) * Math.min(length, limit);
      p.y += (m.y / length) * Math.min(length, limit);
    });
  }
  layouts.set(known, at);
  return at;
}

/** Hexes at axial (q, r), pointy-topped, each filled, with a tooltip and a short label, in an SVG at most `maxWidth` wide. */
function hexSvg(
  hexes: readonly {
    q: number;
    r: number;
    fill: string;
    title: string;
    label: string;
    /** Clicking the square takes the action that names it. */
    pick?: (() => void) | undefined;
  }[],
  size: number,
  maxWidth: number,
): SVGSVGElement {
  const placed = hexes.map((h) => ({ ...h, x: size * Math.sqrt(3) * (h.q + h.r / 2), y: size * 1.5 * h.r }));
  const xs = placed.map((h) => h.x);
  const ys = placed.map((h) => h.y);
  const [minX, minY] = [Math.min(...xs) - size, Math.min(...ys) - size];
  const width = Math.max(...xs) - minX + size;
  const height = Math.max(...ys) - minY + size;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `${minX} ${minY} ${width} ${height}`);
  svg.setAttribute("width", String(Math.min(maxWidth, width * 1.6)));
  for (const h of placed) {
    const corners = Array.from({ length: 6 }, (_, i) => {
      const angle = (Math.PI / 180) * (60 * i - 30);
      return `${h.x + size * Math.cos(angle)},${h.y + size * Math.sin(angle)}`;
    }).join(" ");
    const polygon = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    polygon.setAttribute("points", corners);
    polygon.setAttribute("fill", h.fill);
    polygon.setAttribute("stroke", "#789");
    polygon.setAttribute("stroke-width", "0.6");
    if (h.pick !== undefined) {
      polygon.classList.add("pick");
      polygon.dataset.pick = `${h.q},${h.r}`;
      polygon.addEventListener("click", h.pick);
    }
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = h.title;
    polygon.append(title);
    svg.append(polygon);
    if (h.label === "") continue;
    const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
    label.setAttribute("x", String(h.x));
    label.setAttribute("y", String(h.y + 3));
    label.setAttribute("text-anchor", "middle");
    label.setAttribute("font-size", "8");
    label.textContent = h.label;
    svg.append(label);
  }
  return svg;
}

/** A map keyed by hexes ("q,r", axial), drawn as pointy-topped hexes. */
function hexBoard(map: { [key: string]: Json }, of: ValueShape, shape: ViewShape | undefined): HTMLElement {
  if (Object.keys(map).length === 0) return element("span", "hidden", "empty");
  const svg = hexSvg(
    Object.entries(map).map(([key, v]) => {
      const [q, r] = key.split(",").map(Number) as [number, number];
      const title = `(${q}, ${r}): ${renderValue(v, of, shape).textContent}`;
      return { q, r, fill: "#eef4fb", title, label: short(v).slice(0, 6) };
    }),
    18,
    640,
  );
  svg.dataset.board = "hex";
  const wrap = element("div");
  wrap.append(svg);
  return wrap;
}
