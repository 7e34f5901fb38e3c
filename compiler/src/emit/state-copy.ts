/**
 * Typed copies of the state: each field is copied by what its type holds (numbers as they are, a list of numbers by
 * `slice`, a record field by field), which runs several times faster than a generic deep copy walking keys. Two
 * kinds: for the searches of `completing` blocks (`copyForSearch`), which share what a search cannot change
 * (`changed-in-place.ts`); and whole copies (`cloneState`), which share only plain values, the params and the derived
 * data, for search agents (`determinize`, `Engine.copy`), which play any rule on them. A held record's address, and
 * frame fields no type pins down, are copied generically.
 */
import { StructureKind, type FunctionDeclarationStructure } from "ts-morph";
import type { Program } from "@rules/dsl";
import type { EmitContext } from "./context.ts";
import { allowanceLists, waitingValueProcs } from "./statements.ts";
import { typeName } from "./naming.ts";
import { changedInSearch } from "./changed-in-place.ts";
import { copyOf, type Copying } from "./typed-copy.ts";
import { heldFieldsOf } from "./engine-module.ts";
import { hasCompletingBlocks } from "./completing.ts";

/** Whether a frame field's TypeScript type is a value copied by taking it (helpers' counters, plain enums). */
function isPlainTs(program: Program, ts: string): boolean {
  const t = ts.replace(/ \| null$/, "");
  if (["number", "boolean", "string", "Player", "Hex", "Cell"].includes(t)) return true;
  return program.enums.has(t) && !program.unions.has(t);
}

/** The values procedures that wait for decisions returned last (`state.returns`), copied; none without them. */
function returnsCopy(c: Copying): string[] {
  const procs = waitingValueProcs(c.program);
  if (procs.length === 0) return [];
  const fields = procs.map(
    (proc) => `${proc.name.text}: ${copyOf(c, proc.resolvedReturnType!, `state.returns.${proc.name.text}`)}`,
  );
  return [`returns: { ${fields.join(", ")} }`];
}

/** Gives `copy` the data `state` derived from the setup (a symbol, which no field copies): shared, as no rule changes it. */
const SHARE_DERIVED = [
  "const board = state[DERIVED];",
  "if (board !== undefined) Object.defineProperty(copy, DERIVED, { value: board, configurable: true });",
];

/** A list of `allow` blocks under way (`state.allowed`, `state.interrupts`), each copied with its lists. */
function allowancesCopy(list: string): string {
  return `state.${list}.map((a) => ({ ...a, actions: a.actions.slice(), players: a.players.slice() }))`;
}

/**
 * `copyFrame(frame)` (`cloneFrame`): a routine's frame copied field by field: the spread takes every plain field, the
 * others are copied by their types (a held record's address and what no type pins down, generically).
 */
function emitFrameCopy(ctx: EmitContext, c: Copying): FunctionDeclarationStructure {
  const p = ctx.program;
  const cases: string[] = [];
  for (const r of ctx.resumable.values()) {
    const typeOf = new Map([...r.machine.fieldOf.entries()].map(([symbol, name]) => [name, symbol.type]));
    const copies: string[] = [];
    for (const f of r.machine.fields) {
      const v = `frame.${f.name}`;
      const t = typeOf.get(f.name);
      if (r.machine.heldFields.includes(f.name)) copies.push(`${f.name}: clone(${v})`);
      else if (t !== undefined && t.kind !== "unknown" && t.kind !== "error") {
        const copy = copyOf(c, t, v);
        if (copy !== v) copies.push(`${f.name}: ${copy}`);
      } else if (/^\w+\[\]$/.test(f.type) && isPlainTs(p, f.type.slice(0, -2))) copies.push(`${f.name}: ${v}.slice()`);
      else if (!isPlainTs(p, f.type)) copies.push(`${f.name}: clone(${v})`);
    }
    cases.push(`case ${JSON.stringify(r.tag)}:`, `return { ${["...frame", ...copies].join(", ")} };`);
  }
  return {
    kind: StructureKind.Function,
    name: `${c.prefix}Frame`,
    parameters: [{ name: "frame", type: "Frame" }],
    returnType: "Frame",
    docs: [
      c.prefix === "copy"
        ? "A copy of a routine's frame for a search: what the search may change is not shared."
        : "A copy of a routine's frame that shares nothing but plain values.",
    ],
    statements: ["switch (frame.routine) {", ...cases, "default:", "return clone(frame);", "}"],
  };
}

/** `copyForSearch(state)`, `copyFrame(frame)`, and one `copyX(x)` per record the state or a frame can hold. */
export function emitStateCopy(ctx: EmitContext): FunctionDeclarationStructure[] {
  const p = ctx.program;
  const changed = changedInSearch(p);
  const c: Copying = { program: p, mayChange: changed.mayChange, called: new Set(), prefix: "copy" };
  const shareFrames = heldFieldsOf(ctx).length === 0;
  // Where every write of the searches starts is known: the fields written copied, the others shared.
  const roots = changed.roots;
  const mine = [...p.playerFields.entries()].map(([f, fi]) =>
    roots === undefined
      ? `${f}: ${copyOf(c, fi.type, `mine.${f}`)}`
      : `${f}: ${roots.playerFields.has(f) ? copyOf(c, fi.type, `mine.${f}`, 0, true) : `mine.${f}`}`,
  );
  const player = `{ ${mine.join(", ")} }`;
  const playersWritten = roots === undefined || roots.playerFields.size > 0;
  const fields = [
    "variant: state.variant",
    // The parameters never change during a game.
    "params: state.params",
    "playerCount: state.playerCount",
    !playersWritten ? "players: state.players" : `players: state.players.map((mine) => (${player}))`,
    ...[...p.globalFields.entries()].map(([f, fi]) =>
      roots === undefined
        ? `${f}: ${copyOf(c, fi.type, `state.${f}`)}`
        : `${f}: ${roots.globals.has(f) ? copyOf(c, fi.type, `state.${f}`, 0, true) : `state.${f}`}`,
    ),
    // Searches draw nothing at random (the checker refuses it, RL110): they share the generator.
    "rng: state.rng",
    // The frames under the one running the outermost block never run again before the search stops; but where
    // frames hold records across decisions, every run turns their addresses into the records (`thawHeld`), in every
    // frame: none is shared then.
    shareFrames
      ? "stack: state.stack.map((frame, i) => (i < outermost ? frame : copyFrame(frame)))"
      : "stack: state.stack.map(copyFrame)",
    ...allowanceLists(p).map((list) =>
      changed.allowances ? `${list}: ${allowancesCopy(list)}` : `${list}: state.${list}`,
    ),
    ...returnsCopy(c),
    ...(p.endReasons.length > 0 ? ["ending: state.ending"] : []),
    "completing: state.completing.slice()",
    // Choices of several players at once keep their answers in the pending decision.
    p.decisions.some((d) => d.kind === "choose" && d.stmt.each)
      ? "pending: clone<Pending | null>(state.pending)"
      : "pending: state.pending === null ? null : { ...state.pending, players: state.pending.players.slice() }",
  ];
  const frames = emitFrameCopy(ctx, c);
  const records = emitRecordCopies(c);
  const derived = ctx.program.derivedFields.size > 0;
  return [
    ...records,
    frames,
    {
      kind: StructureKind.Function,
      name: "copyForSearch",
      parameters: shareFrames
        ? [
            { name: "state", type: "State" },
            { name: "outermost", initializer: "state.completing[0]?.depth ?? 0" },
          ]
        : [{ name: "state", type: "State" }],
      returnType: "State",
      docs: [
        "A copy of the game for a search of the `completing` blocks under way. It shares what the search cannot change: what no rule of the blocks writes into, the constants, the derived data, and the frames that do not run again before the search stops (those under `outermost`).",
      ],
      statements: [`const copy: State = { ${fields.join(", ")} };`, ...(derived ? SHARE_DERIVED : []), "return copy;"],
    },
  ];
}

/** A copy function per record the copies call (`copyX`, `cloneX`), and the ones those call in turn. */
function emitRecordCopies(c: Copying): FunctionDeclarationStructure[] {
  const records: FunctionDeclarationStructure[] = [];
  const written = new Set<string>();
  for (let name = [...c.called].find((n) => !written.has(n)); name; name = [...c.called].find((n) => !written.has(n))) {
    written.add(name);
    const fields = [...c.program.records.get(name)!.fields.entries()].map(
      ([f, fi]) => `${f}: ${copyOf(c, fi.type, `r.${f}`)}`,
    );
    records.push({
      kind: StructureKind.Function,
      name: `${c.prefix}${typeName(name)}`,
      parameters: [{ name: "r", type: typeName(name) }],
      returnType: typeName(name),
      docs: [
        c.prefix === "copy"
          ? `A copy of a ${name} for a search: what the search may change is not shared.`
          : `A copy of a ${name} that shares nothing but plain values.`,
      ],
      statements: [`return { ${fields.join(", ")} };`],
    });
  }
  return records;
}

/**
 * `cloneState(state)`, `cloneFrame(frame)`, and one `cloneX(x)` per record the state or a frame can hold: a copy of
 * the game that shares only plain values, the params (which never change during a game) and the derived data (which
 * no rule changes), so that anything may be played on it (the games search agents imagine, `determinize`, and each
 * action they weigh, `Engine.copy`). The same copy as a generic deep one, field by field.
 */
export function emitWholeCopy(ctx: EmitContext): FunctionDeclarationStructure[] {
  const p = ctx.program;
  // The records the rules' own copies call for (`copyForStoring`), written with the copies' own.
  const c: Copying = { program: p, mayChange: () => true, called: ctx.exprs.recordCopies, prefix: "clone" };
  const mine = [...p.playerFields.entries()].map(([f, fi]) => `${f}: ${copyOf(c, fi.type, `mine.${f}`)}`);
  const fields = [
    "variant: state.variant",
    "params: state.params",
    "playerCount: state.playerCount",
    mine.length === 0
      ? "players: state.players.map(() => ({}))"
      : `players: state.players.map((mine) => ({ ${mine.join(", ")} }))`,
    ...[...p.globalFields.entries()].map(([f, fi]) => `${f}: ${copyOf(c, fi.type, `state.${f}`)}`),
    "rng: { ...state.rng, forced: state.rng.forced.slice() }",
    "stack: state.stack.map(cloneFrame)",
    ...allowanceLists(p).map((list) => `${list}: ${allowancesCopy(list)}`),
    ...returnsCopy(c),
    ...(p.endReasons.length > 0 ? ["ending: state.ending"] : []),
    ...(hasCompletingBlocks(p) ? ["completing: state.completing.map((entry) => ({ ...entry }))"] : []),
    "pending: clone<Pending | null>(state.pending)",
  ];
  const frames = emitFrameCopy(ctx, c);
  return [
    ...emitRecordCopies(c),
    frames,
    {
      kind: StructureKind.Function,
      name: "cloneState",
      parameters: [{ name: "state", type: "State" }],
      returnType: "State",
      docs: [
        p.derivedFields.size > 0
          ? "A copy of the game that shares nothing any rule may change (plain values, the params, and the data derived from the setup, which no rule changes): what search agents play on."
          : "A copy of the game that shares nothing any rule may change (plain values and the params only): what search agents play on.",
      ],
      statements:
        p.derivedFields.size > 0
          ? [
              `const copy: State = { ${fields.join(", ")} };`,
              "// The board derived from the setup is the same in the copy: shared, not worked out again.",
              ...SHARE_DERIVED,
              "return copy;",
            ]
          : [`return { ${fields.join(", ")} };`],
    },
  ];
}
