/**
 * `rules serve`: compiled games played in a real browser (Debian's chromium through playwright-core), by clicking,
 * from the page Vite builds around each game's generated engine.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { REPO_ROOT } from "../src/cli/registry.ts";
import { servePage, type PageServer } from "../src/cli/serve.ts";
import { browserTestsRun, launchBrowser } from "./browser.ts";

const enginePath = (game: string): string => join(REPO_ROOT, "rulesets", game, "generated", "engine.ts");

/** Opens the game's page and starts a game with these sitters ("human", "random"...). */
async function newGame(
  page: Page,
  url: string,
  players: number,
  sitters: readonly string[],
  variant?: string,
): Promise<void> {
  await page.goto(url);
  await page.locator("form[data-panel=setup] select[name=players]").selectOption(String(players));
  if (variant !== undefined) await page.locator("form[data-panel=setup] select[name=variant]").selectOption(variant);
  for (const [seat, sitter] of sitters.entries()) {
    await page.locator(`form[data-panel=setup] select[name=seat${seat}]`).selectOption(sitter);
  }
  await page.locator("form[data-panel=setup] button[type=submit]").click();
}

const logLength = (page: Page): Promise<number> => page.locator("[data-panel=log] li").count();

describe.runIf(browserTestsRun)("playing in the browser", () => {
  let browser: Browser;
  const servers: PageServer[] = [];
  const problems: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.close()));
  });
  const open = async (game: string): Promise<{ page: Page; url: string }> => {
    const server = await servePage(enginePath(game), 0);
    servers.push(server);
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on("pageerror", (error) => problems.push(String(error)));
    return { page, url: server.url };
  };

  it("a whole game of Letter of Marque, three people at one screen, by clicking; undo, save and load", async () => {
    const { page, url } = await open("letter-of-marque");
    // Its rules give no progress: the agents that look further ahead by it are not offered.
    await page.goto(url);
    const offered = await page.locator("form[data-panel=setup] select[name=seat1] option").allTextContents();
    expect(offered).toEqual(["human", "random", "greedy", "mcts:200"]);
    await newGame(page, url, 3, ["human", "human", "human"]);
    await expect.poll(() => page.locator("[data-panel=actions] button").count()).toBeGreaterThan(0);
    // The players see their own reserve, and of the others' only how many ships are in it.
    await expect.poll(() => page.locator("[data-panel=seat-0]").textContent()).toContain("armed");
    expect(await page.locator("[data-panel=seat-1]").textContent()).toContain("reserve5 hidden");
    expect(await page.locator("[data-panel=seat-1]").textContent()).not.toContain("armed");
    // A secret answer others have not seen yet can be taken back.
    await page.locator("[data-panel=actions] button").first().click();
    expect(await logLength(page)).toBe(1);
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await logLength(page)).toBe(0);

    let clicks = 0;
    while ((await page.locator("[data-panel=outcome]").count()) === 0 && clicks < 300) {
      const buttons = page.locator("[data-panel=actions] button");
      const count = await buttons.count();
      await buttons.nth(clicks % count).click();
      clicks++;
      // A die roll or a card drawn is never taken back; whatever was clicked is in the log.
      expect(await logLength(page)).toBe(clicks);
      if (clicks === 10) {
        // Saved, then a damaged save loaded: refused with the reason, the game goes on as it was.
        const download = page.waitForEvent("download");
        await page.getByRole("button", { name: "Save" }).click();
        const save = await (await download).createReadStream();
        const chunks: Buffer[] = [];
        for await (const chunk of save) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        expect(JSON.parse(text)).toMatchObject({ game: "letter-of-marque" });
        const damaged = text.replace('"seed"', '"seeds"');
        await page.locator("input[name=load]").setInputFiles({
          name: "damaged.json",
          mimeType: "application/json",
          buffer: Buffer.from(damaged),
        });
        await expect.poll(() => page.locator("[data-problem]").textContent()).toMatch(/^That save cannot be loaded: /);
        expect(await logLength(page)).toBe(10);
        // The save itself loads back to the same game.
        await page.locator("input[name=load]").setInputFiles({
          name: "save.json",
          mimeType: "application/json",
          buffer: Buffer.from(text),
        });
        await expect.poll(() => page.locator("[data-problem]").count()).toBe(0);
        expect(await logLength(page)).toBe(10);
      }
    }
    expect(await page.locator("[data-panel=outcome]").textContent()).toMatch(/The game is over.*Winner: seat \d/);
    expect(clicks).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  }, 120_000);

  it("one turn of Predoni dei Mari against a search agent and a random player", async () => {
    const { page, url } = await open("predoni-dei-mari");
    // Its rules say how far a pirate is (`progress`): the agents that follow it further ahead may sit too.
    await page.goto(url);
    const offered = await page.locator("form[data-panel=setup] select[name=seat1] option").allTextContents();
    expect(offered).toEqual(["human", "random", "greedy", "mcts:200", "greedy:2:2", "mcts:200:8"]);
    await newGame(page, url, 3, ["human", "greedy:2:2", "random"]);
    const ended = (): Promise<boolean> =>
      page
        .locator("[data-panel=log] li")
        .allTextContents()
        .then((lines) => lines.some((l) => l.startsWith("seat 0: EndTurn")));
    let clicks = 0;
    while (!(await ended()) && clicks < 100) {
      await expect.poll(() => page.locator("[data-panel=actions] button").count()).toBeGreaterThan(0);
      const endTurn = page.locator("[data-panel=actions] button[data-action=EndTurn]");
      await (
        (await endTurn.count()) > 0 ? endTurn.first() : page.locator("[data-panel=actions] button").first()
      ).click();
      clicks++;
    }
    expect(await ended()).toBe(true);
    // The others played on after the turn, and the board shows the pirates where they stand.
    const lines = await page.locator("[data-panel=log] li").allTextContents();
    expect(lines.some((l) => l.startsWith("seat 1:"))).toBe(true);
    expect(await page.locator("[data-panel=seat-0]").textContent()).toMatch(/pos\s*\(-?\d+, -?\d+\)/);
    // The board the rules derive from the setup, every square of the seven modules, with the pawns on it.
    const board = page.locator("[data-panel=board] [data-board=overview]");
    expect(await board.locator("polygon").count()).toBeGreaterThan(200);
    const key = await page.locator("[data-panel=board] .legend").textContent();
    expect(key).toContain("land");
    expect(key).toMatch(/[A-Z]: seat 0 pos/);
    expect(problems).toEqual([]);
  }, 120_000);

  it("a square of Predoni's board named by a choice is clicked to choose it: the starting port", async () => {
    const { page, url } = await open("predoni-dei-mari");
    await newGame(page, url, 2, ["human", "human"]);
    const heading = page.locator("[data-panel=actions] h3");
    for (
      let clicks = 0;
      clicks < 10 && !((await heading.first().textContent()) ?? "").includes("startPort");
      clicks++
    ) {
      await page.locator("[data-panel=actions] button").first().click();
    }
    expect(await heading.first().textContent()).toContain("(startPort)");
    // Only the pirate ports are offered, each a square to click; nothing else on the board is.
    const picks = page.locator("[data-board=overview] polygon[data-pick]");
    expect(await picks.count()).toBe(await page.locator("[data-panel=actions] button[data-action=startPort]").count());
    const square = await picks.first().getAttribute("data-pick");
    await picks.first().click();
    const lines = await page.locator("[data-panel=log] li").allTextContents();
    expect(lines.at(-1)).toBe(`seat 0: startPort (${square!.replace(",", ", ")})`);
    expect(problems).toEqual([]);
  }, 60_000);

  it("Predoni's movement by clicks: a sail to a square further away (`sailTo`), a step next to the ship", async () => {
    const { page, url } = await open("predoni-dei-mari");
    await newGame(page, url, 2, ["human", "human"], "sailTo");
    const button = (type: string) => page.locator(`[data-panel=actions] button[data-action=${type}]`);
    const picks = page.locator("[data-board=overview] polygon[data-pick]");
    const lastLine = async (): Promise<string> => (await page.locator("[data-panel=log] li").allTextContents()).at(-1)!;
    // The squares the step buttons' labels name ("sail north to hex(0, -3)"), as the board names them ("0,-3").
    const stepSquares = async (): Promise<string[]> =>
      (await button("Step").allTextContents()).map((t) => {
        const [, q, r] = /hex\((-?\d+), (-?\d+)\)/.exec(t)!;
        return `${q},${r}`;
      });
    const moveNext = async (): Promise<void> => {
      for (let clicks = 0; clicks < 60 && (await button("Move").count()) === 0; clicks++) {
        await page.locator("[data-panel=actions] button").first().click();
      }
      await button("Move").first().click();
      await expect.poll(() => button("Step").count()).toBeGreaterThan(0);
    };
    // The starting choices, the wind and the rest, then the first pirate to move.
    await moveNext();
    // `action SailTo(to: Hex in sailable(me)) "sail to {to}"`: every square further than a step is one to click.
    const near = await stepSquares();
    const all = await Promise.all((await picks.all()).map((p) => p.getAttribute("data-pick")));
    const far = all.find((sq) => sq !== null && !near.includes(sq))!;
    expect(all.length).toBeGreaterThan(near.length + 5);
    await page.locator(`[data-board=overview] polygon[data-pick="${far}"]`).click();
    expect(await lastLine()).toMatch(/^seat \d: SailTo /);
    expect(await lastLine()).toContain(`sail to hex(${far.replace(",", ", ")})`);
    // The next pirate: `action Step(d: HexDir) "sail {d} to {step(me.pos, d)}"`, a square next to the ship.
    await moveNext();
    const step = (await stepSquares())[0]!;
    await page.locator(`[data-board=overview] polygon[data-pick="${step}"]`).click();
    expect(await lastLine()).toMatch(/^seat \d: (Step|AttackPort) /);
    expect(await lastLine()).toContain(`hex(${step.replace(",", ", ")})`);
    expect(problems).toEqual([]);
  }, 60_000);

  it("M&M's sea zones drawn as their map, a zone to sail to chosen by a click", async () => {
    const { page, url } = await open("merchants-and-marauders");
    await newGame(page, url, 2, ["human", "human"]);
    const graph = page.locator("[data-panel=board] [data-board=graph]");
    await expect.poll(() => graph.locator("circle").count()).toBe(17);
    const sail = page.locator("[data-panel=actions] button[data-action=Move]", { hasText: "sail to" });
    for (let clicks = 0; clicks < 20 && (await sail.count()) === 0; clicks++) {
      const leave = page.locator("[data-panel=actions] button[data-action=Move]");
      await ((await leave.count()) > 0 ? leave : page.locator("[data-panel=actions] button")).first().click();
    }
    // The zones one may sail to are the places to click, and only they.
    const picks = graph.locator("circle[data-pick]");
    expect(await picks.count()).toBe(await sail.count());
    const zone = await picks.first().getAttribute("data-pick");
    await picks.first().click();
    const last = (await page.locator("[data-panel=log] li").allTextContents()).at(-1)!;
    expect(last).toMatch(new RegExp(`^seat \\d: Move step sail\\(zone: "${zone}"\\): sail to ${zone}$`));
    expect(problems).toEqual([]);
  }, 60_000);

  it("tiles each on a cell laid out on their grid, numbered by their place in the list (Glen More's display)", async () => {
    const { page, url } = await open("glen-more");
    await newGame(page, url, 2, ["human", "human"]);
    // Each player starts with the start village at (0, 0): tile #0 of each display.
    await expect.poll(() => page.locator("[data-panel=seat-0] [data-board=placed] .card").count()).toBe(1);
    const village = page.locator("[data-panel=seat-0] [data-board=placed] .card").first();
    expect(await village.textContent()).toMatch(/^#0.*Start village/);
    expect(await village.getAttribute("title")).toBe("(0, 0)");
    // Taking a tile, the player places it by clicking one of the empty places its grid offers.
    await page.locator("[data-panel=actions] button[data-action=TakeTile]").first().click();
    expect(await page.locator("[data-panel=actions] h3").first().textContent()).toContain("(spot)");
    const slots = page.locator("[data-panel=seat-0] [data-board=placed] .slot[data-pick]");
    expect(await slots.count()).toBe(await page.locator("[data-panel=actions] button[data-action=spot]").count());
    const cell = (await slots.first().getAttribute("data-pick"))!.replace(",", ", ");
    await slots.first().click();
    const placed = (await page.locator("[data-panel=log] li").allTextContents()).at(-1)!;
    expect(placed.startsWith(`seat 0: spot (${cell}): place `)).toBe(true);
    await expect.poll(() => page.locator("[data-panel=seat-0] [data-board=placed] .card").count()).toBe(2);
    expect(problems).toEqual([]);
  }, 60_000);

  it("a cell several actions name narrows the actions to those: a Breakthrough piece, then one of its moves", async () => {
    const { page, url } = await open("breakthrough");
    await newGame(page, url, 2, ["human", "human"]);
    // Sixteen opening moves: too many for buttons, offered as a list to pick from.
    const listed = page.locator("[data-panel=actions] select[name=Move] option");
    await expect.poll(() => listed.count()).toBeGreaterThan(12);
    const all = await listed.count();
    // A piece of the front row (seat 0's pieces read 0): up to three moves (left, ahead, right), each naming its cell.
    const piece = page.locator("[data-board=grid] [data-pick]").filter({ hasText: "0" }).first();
    const cell = (await piece.getAttribute("data-pick"))!;
    const [x, y] = cell.split(",");
    await piece.click();
    await expect.poll(() => page.locator("[data-panel=actions] [data-narrowed]").count()).toBe(1);
    expect(await page.locator(`[data-board=grid] [data-pick="${cell}"]`).getAttribute("class")).toContain("chosen");
    const buttons = page.locator("[data-panel=actions] button[data-action]");
    const moves = await buttons.allTextContents();
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.length).toBeLessThanOrEqual(3);
    for (const move of moves) expect(move).toContain(`the piece at (${x}, ${y})`);
    // Every action again, then narrowed again and one of the moves taken.
    await page.locator("[data-show-all]").click();
    await expect.poll(() => listed.count()).toBe(all);
    // The empty square in front of the piece is named by the moves that go there (the label's `to {destination(...)}`).
    expect(await page.locator(`[data-board=grid] [data-pick="${x},${Number(y) - 1}"]`).count()).toBe(1);
    await piece.click();
    await buttons.first().click();
    expect((await page.locator("[data-panel=log] li").allTextContents())[0]).toContain(`the piece at (${x}, ${y})`);
    await expect.poll(() => page.locator("[data-narrowed]").count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it("a square grid drawn as a grid, the whole grid the board lies on (Connect Four: 7 x 6, then 5 x 4)", async () => {
    const { page, url } = await open("connect-four");
    await newGame(page, url, 2, ["human", "human"]);
    // Empty at the start, the board is drawn whole: `board: map<Cell, Player> on grid(COLUMNS, ROWS)`.
    const cells = page.locator("[data-board=grid] > div");
    await expect.poll(() => cells.count()).toBe(42);
    // `action Drop(x: 0..6) "drop a disc into column {x}, to {landing(x)}"`: the cell a disc comes to rest in is
    // clicked to drop it; the bottom row's seven are offered.
    const picks = page.locator("[data-board=grid] > div[data-pick]");
    expect(await picks.evaluateAll((squares) => squares.map((s) => s.getAttribute("data-pick")))).toEqual(
      Array.from({ length: 7 }, (_, x) => `${x},5`),
    );
    // The players have nothing of their own: no panel for them.
    expect(await page.locator("[data-panel^=seat-]").count()).toBe(0);
    await page.locator('[data-board=grid] > div[data-pick="3,5"]').click();
    await expect.poll(() => cells.filter({ hasText: "0" }).count()).toBe(1);
    expect((await page.locator("[data-panel=log] li").allTextContents()).at(-1)).toContain(
      "drop a disc into column 3, to cell(3, 5)",
    );
    // Column 3's next disc rests above it.
    expect(await page.locator('[data-board=grid] > div[data-pick="3,4"]').count()).toBe(1);
    expect(await cells.count()).toBe(42);
    // The small variant's grid.
    await page.locator("form[data-panel=setup] select[name=variant]").selectOption("small");
    await page.locator("form[data-panel=setup] button[type=submit]").click();
    await expect.poll(() => cells.count()).toBe(20);
    expect(problems).toEqual([]);
  }, 60_000);
});
