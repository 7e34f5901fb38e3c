/**
 * Which players a `can` search may change: a procedure that pays a player's cost writes only that player's fields,
 * so the copies the search plays on need copy no other player (`copyForSearch` shares them). Worked out from the
 * procedure and those it calls: every write into a player's field (`p.coins -= 2`, `remove r from p.display[i].cubes`,
 * `draw(p.hand)`) must go through one of the procedure's `Player` parameters, passed down unchanged; anything else
 * (`players[0].coins`, a loop's player, a parameter given a new value) and the search copies every player.
 */
import { exprsOf, forEachExpr, forEachStmt, type Expr, type LocalSymbol, type Program } from "@rules/dsl";
import { forEachWrite, procVersions, rootOf } from "./written-places.ts";

/** The positions of the `Player` parameters through which a procedure writes players; `undefined`: any player. */
export type WrittenPlayers = ReadonlySet<number> | undefined;

const cache = new WeakMap<Program, Map<string, WrittenPlayers>>();

/** The players procedure `name` (and what it calls) may write, by the positions of its parameters. */
export function playersWrittenBy(program: Program, name: string): WrittenPlayers {
  let known = cache.get(program);
  if (!known) cache.set(program, (known = allWrites(program)));
  return known.get(name);
}

/**
 * Every procedure's writes, to a fixed point: each starts writing no player, and learns what the procedures it calls
 * write until nothing changes (recursive procedures settle too; `undefined`, any player, absorbs the rest).
 */
function allWrites(program: Program): Map<string, WrittenPlayers> {
  const known = new Map<string, WrittenPlayers>([...program.procs.keys()].map((n) => [n, new Set<number>()]));
  const size = (w: WrittenPlayers): number => (w === undefined ? -1 : w.size);
  for (let changed = true; changed;) {
    changed = false;
    for (const name of program.procs.keys()) {
      const before = known.get(name);
      if (before === undefined) continue;
      const after = writesOf(program, name, known);
      if (size(after) !== size(before)) {
        known.set(name, after);
        changed = true;
      }
    }
  }
  return known;
}

/** What procedure `name` writes, given what the procedures it calls are known to write so far. */
function writesOf(program: Program, name: string, known: ReadonlyMap<string, WrittenPlayers>): WrittenPlayers {
  const result = new Set<number>();
  let any = false;
  let params: (LocalSymbol | undefined)[] = [];
  // The parameter position a player expression is, or -1.
  const position = (e: Expr): number =>
    e.kind === "name" && e.ref?.kind === "local" ? params.indexOf(e.ref.symbol as LocalSymbol) : -1;
  // The player a place written lies in: one of the parameters, or any (a parameter, loop variable or binding may be a
  // record or list of any player: `for c in p.coins { c.spent = true }`).
  const player = (place: Expr, inPlace: boolean): void => {
    const root = rootOf(place, inPlace);
    if (root.kind === "anywhere") any = true;
    if (root.kind !== "player") return;
    const at = position(root.player);
    if (at < 0) any = true;
    else result.add(at);
  };
  for (const version of procVersions(program, name)) {
    params = version.params.map((p) => p.symbol);
    forEachStmt(version.body, (s) => {
      forEachWrite(s, player);
      // A player parameter given another player: its writes may go anywhere.
      if (s.kind === "assign" && position(s.target) >= 0) any = true;
      for (const e of exprsOf(s)) {
        forEachExpr(e, (x) => {
          if (x.kind !== "call" || x.target !== "proc") return;
          const inner = known.get(x.callee.text);
          if (inner === undefined) {
            any = true;
            return;
          }
          for (const at of inner) {
            const arg = x.args[at];
            const mine = arg ? position(arg) : -1;
            if (mine < 0) any = true;
            else result.add(mine);
          }
        });
      }
    });
  }
  return any ? undefined : result;
}
