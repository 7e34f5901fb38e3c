/**
 * Checked program -> the conformance tests (`generated/engine.test.ts`): every `test` block of the rules as a Vitest
 * case, then the property suite (playouts end, legal actions apply, illegal ones are refused without harm,
 * determinism, save/restore, replay, views hide what the rules hide) for every variant and player count.
 */
import {
  UNION_TAG,
  type Binary,
  type Block,
  type Expr,
  type FieldDecl,
  type Program,
  type TestDecl,
  type TestPlay,
  type TestStep,
  type Type,
} from "@rules/dsl";
import { isStopAnswer } from "./decisions.ts";
import { runtimeHelpers } from "./runtime-helpers.ts";
import { enumReaderName, enumsReadByName, ExprEmitter, HelperSink, plainScope, type Scope } from "./expressions.ts";
import { str, typeName, valueName, valuesConst } from "./naming.ts";
import { StatementEmitter } from "./statements.ts";
import { arrowBody, hidesSomething, memberValue, needsView, zeroValue } from "./ts-types.ts";
import { viewValue } from "./views.ts";

export interface TestModuleInput {
  readonly program: Program;
  readonly source: string;
  readonly sourcePath: string;
  readonly name: string;
}

/** Games per property and configuration: enough to meet most rules, few enough for a fast suite. */
const GAMES_PER_PROPERTY = 8;
/** Long games get fewer: no new game starts past this many decision points (the first always runs). */
const DECISION_POINTS_PER_PROPERTY = 1200;
/**
 * The time a generated test may take, in milliseconds. Its games are bounded (a playout limit, a number of games and
 * of decision points), so the limit only catches a test that hangs: a large game's checks take seconds, and a
 * loaded machine several times that, which Vitest's default of 5 s would fail.
 */
const TEST_TIMEOUT = "120_000";

export function emitTestModule(input: TestModuleInput): string {
  const { program } = input;
  const sink = new HelperSink();
  const exprs = new ExprEmitter(program, sink, input.source);
  const blocks = program.tests.map((t) => emitTestBlock(program, exprs, t, input.source));
  const scramble = emitScramble(program);
  const helpers = sink.helpers.map(
    (h) =>
      `/** ${h.doc.replace(/\*\//g, "* /")} */\nfunction ${h.name}(${h.params.map((p) => `${p.name}: ${p.type}`).join(", ")}): ${h.returnType} {\n${h.body}\n}`,
  );
  const body = [
    `describe(${str(`${program.game.title}: rules tests`)}, { timeout: ${TEST_TIMEOUT} }, () => {`,
    ...(blocks.length > 0 ? blocks : ['it.todo("the rules have no test blocks yet");']),
    "});",
    "",
    `describe(${str(`${program.game.title}: conformance`)}, { timeout: ${TEST_TIMEOUT} }, () => {`,
    "for (const variant of engine.variants) {",
    `for (let players = engine.minPlayers; players <= engine.maxPlayers; players++) {`,
    "describe(`${variant}, ${players} players`, () => {",
    `const options = { players, variant, seed: 20261121 + players, games: ${GAMES_PER_PROPERTY}, maxDecisionPoints: ${DECISION_POINTS_PER_PROPERTY} };`,
    'it("random playouts end, with a consistent outcome", () => { expect(checkPlayoutsTerminate(engine, options).games).toBeGreaterThan(0); });',
    'it("every legal action is accepted and applies", () => { expect(checkLegalActionsApply(engine, options).checks).toBeGreaterThan(0); });',
    'it("illegal actions are refused with a reason and change nothing", () => { expect(checkIllegalActionsRefused(engine, options).checks).toBeGreaterThan(0); });',
    'it("the same seed and actions give the same game", () => { checkDeterminism(engine, options); });',
    'it("a game saved at any decision continues identically", () => { checkSaveRestore(engine, options); });',
    'it("replaying the action log reproduces the game", () => { checkReplay(engine, options); });',
    'it("the game a search agent imagines from a seat shows that seat the real view, and plays on", () => { expect(checkDeterminize(engine, options).checks).toBeGreaterThan(0); });',
    'it("a view never shows what the rules hide from its player", () => {',
    "const report = checkViewsHide(engine, options, scrambleHidden);",
    // The random generator is hidden in every game, so every state a scramble touches changes.
    "expect(report.changedStates).toBe(report.decisionPoints * options.players);",
    "});",
    "});",
    "}",
    "}",
    "});",
    "",
    scramble.code,
    "",
    ...helpers,
  ].join("\n");

  // Functions count as used where they are called: a record's field (`cubes: [wood]`) may share a function's name.
  const engineFunctions = [
    "setUp",
    "start",
    "score",
    ...(program.derivedFields.size > 0 ? ["derived"] : []),
    ...[...program.fns.keys(), ...program.ways.keys()].map((n) => valueName(program, n)),
    ...[...program.procs.keys()].filter((p) => !program.suspending.has(`proc:${p}`)).map((p) => valueName(program, p)),
    ...[...program.records.keys()]
      .filter((r) => needsView(program, { kind: "record", name: r }))
      .map((r) => `view${r}`),
    ...[...program.unions.keys()].filter((u) => needsView(program, { kind: "enum", name: u })).map((u) => `view${u}`),
    ...[...enumsReadByName(program)].map(enumReaderName),
  ];
  const engineValues = [
    "engine",
    "SEATS",
    ...[...program.consts.keys()].map((n) => valueName(program, n)),
    ...[...program.enums.keys()].filter((e) => !program.unions.has(e)).map(valuesConst),
  ];
  // Comments quote the rules, whose names must not count as uses.
  const code = body
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((l) => !l.trim().startsWith("//"))
    .join("\n")
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const usedExports = [
    ...engineFunctions.filter((e) => new RegExp(`(?<![\\w.])${e}\\(`).test(code)),
    ...engineValues.filter((e) => new RegExp(`(?<![\\w.])${e}\\b`).test(code)),
  ];
  // Looked for in the code without its strings: a test's text may well quote a call (`expect at(1) == 2`).
  // Helpers are called (`hexOf(`, `mapFrom<`); constants (`HEX_WAYS`) are named in upper case.
  const usedRuntime = runtimeHelpers.filter(
    (e) =>
      new RegExp(`(?<![\\w.])${e}${/^[A-Z_]+$/.test(e) ? "\\b" : "[(<]"}`).test(code) ||
      (e === "RulesError" && code.includes("RulesError")),
  );
  const types = ["Player", ...[...program.records.keys(), ...program.enums.keys()].map(typeName)].filter((t) =>
    new RegExp(`\\b${t}(?!\\w)`).test(code),
  );
  // Tests that play need the helper `play` (and its types); a file without such tests has none of it.
  const plays = /(?<![\w.])play\(/.test(code);
  const givens = program.tests.some((t) => t.steps.some((st) => st.kind === "given"));
  for (const t of ["Action", "State"]) if (plays || givens || new RegExp(`\\b${t}\\b`).test(code)) types.push(t);
  // A map keyed by squares names the runtime's Hex type (in `mapFrom<Hex, ...>`).
  const ownCell = program.records.has("Cell") || program.enums.has("Cell");
  const runtimeTypes = ["Hex", ...(ownCell ? [] : ["Cell"])]
    .filter((t) => new RegExp(`\\b${t}\\b`).test(code))
    .map((t) => `type ${t}`);
  return [
    `// Generated by \`rules compile\` from ${input.sourcePath}. Do not edit: change the rules and recompile.`,
    'import { describe, expect, it } from "vitest";',
    `import { ${[
      ...usedRuntime,
      "checkDeterminism",
      "checkDeterminize",
      "checkIllegalActionsRefused",
      "checkLegalActionsApply",
      "checkPlayoutsTerminate",
      "checkReplay",
      "checkSaveRestore",
      "checkViewsHide",
      ...(plays ? ["describePending"] : []),
      ...(givens ? ["requireViewsHide"] : []),
    ]
      .sort()
      .concat(runtimeTypes)
      .join(", ")} } from "@rules/runtime";`,
    `import { ${[...usedExports.sort(), ...types.sort().map((t) => `type ${t}`)].join(", ")} } from "./engine.ts";`,
    "",
    ...(plays
      ? [
          "/** The rules lines of each refusal message the rules write, so that a failing test points at the rule. */",
          `const RULE_LINES: Readonly<Record<string, string>> = ${refusalLines(program)};`,
          "",
        ]
      : []),
    ...(givens
      ? [
          "/**",
          " * Runs a test's `given` block; as a call, so the values it sets do not narrow the types of later steps. The state",
          " * it builds is one no game may reach: each seat's view of it must still hide what the rules hide.",
          " */",
          "function given(state: State, change: () => void): void {",
          "change();",
          "requireViewsHide(engine, state, scrambleHidden);",
          "}",
          "",
        ]
      : []),
    ...(plays
      ? [
          "/** Plays an action the rules must allow; a refusal says why, where the rules say so, and what was asked. */",
          "function play(state: State, action: Action): void {",
          "const refusal = engine.check(state, action);",
          "if (refusal === null) return engine.apply(state, action);",
          'const where = Object.hasOwn(RULE_LINES, refusal) ? ` (${RULE_LINES[refusal]})` : "";',
          "throw new Error(`${action.type} by player ${action.player} was refused: ${refusal}${where}\\n${describePending(engine, state)}`);",
          "}",
          "",
        ]
      : []),
    body,
  ].join("\n");
}

/**
 * Each fixed refusal message of the rules (`require ... else "..."`, a choice's `else "..."`) and the rules lines that
 * give it, as a TypeScript object literal: `{ "The deck is empty.": "rules line 209" }`.
 */
function refusalLines(program: Program): string {
  const lines = new Map<string, number[]>();
  const note = (message: string | undefined, parts: unknown, line: number): void => {
    if (message === undefined || parts !== undefined) return;
    const known = lines.get(message) ?? [];
    if (!known.includes(line)) known.push(line);
    lines.set(message, known);
  };
  const block = (b: Block): void => {
    for (const st of b.statements) {
      if (st.kind === "require") note(st.message, st.messageParts, st.span.line);
      else if (st.kind === "choose") note(st.message, st.messageParts, st.span.line);
      else if (st.kind === "if") {
        block(st.then);
        if (st.otherwise) block(st.otherwise);
      } else if (st.kind === "for" || st.kind === "while" || st.kind === "repeat" || st.kind === "allow")
        block(st.body);
      else if (st.kind === "match") for (const arm of st.arms) block(arm.body);
    }
  };
  block(program.flow.body);
  for (const p of program.procs.values()) block(p.body);
  for (const a of program.actions.values()) block(a.body);
  for (const v of program.variants) for (const r of v.replacements) if (r.kind !== "fn") block(r.body);
  const entries = [...lines].map(
    ([m, ls]) => `${str(m)}: ${str(`rules line${ls.length > 1 ? "s" : ""} ${ls.join(", ")}`)}`,
  );
  return entries.length === 0 ? "{}" : `{\n${entries.join(",\n")},\n}`;
}

function emitTestBlock(program: Program, exprs: ExprEmitter, t: TestDecl, source: string): string {
  const scope = plainScope();
  const lines: string[] = [];
  // `test "b" from "a"`: the steps of "a" (and of the test it starts from), then its own; settings from the first.
  const chain: TestDecl[] = [];
  for (let x: TestDecl | undefined = t; x; x = x.base) chain.unshift(x);
  const root = chain[0]!;
  const steps = chain.flatMap((x) => x.steps);
  const players = root.players ?? program.game.minPlayers;
  const variant = root.variant?.text ?? "base";
  const seeds = root.seeds;
  const seed = seeds === undefined ? String(root.seed ?? 1) : "seed";
  const forced = root.steps.flatMap((s) => (s.kind === "random" && s.setup ? s.values : []));
  const options = `{ players: ${players}, seed: ${seed}, variant: ${str(variant)} }`;
  lines.push(`const state = setUp(${options}${forced.length > 0 ? `, [${forced.join(", ")}]` : ""});`);
  let started = false;
  const ensureStarted = (): void => {
    if (!started) lines.push("start(state);");
    started = true;
  };
  // Over many seeds, a failure names its seed.
  const label = (text: string): string => (seeds === undefined ? str(text) : `${str(text)} + \` (seed \${seed})\``);
  const shares: string[] = [];
  const statements = new StatementEmitter({ program, exprs, scope, suspending: program.suspending });
  for (const step of steps) {
    const text = source.slice(step.span.start, step.span.end).replace(/\s+/g, " ").trim();
    switch (step.kind) {
      case "given":
        // In a function of its own: TypeScript must not narrow the fields it sets for the steps after it.
        lines.push(`// ${text.slice(0, 100)}`, "given(state, () => {", ...statements.block(step.body, []), "});");
        break;
      case "random":
        if (!step.setup) lines.push(`state.rng.forced.push(${step.values.join(", ")});`);
        break;
      case "playUntil":
        ensureStarted();
        lines.push(`playUntil(engine, state, ${str(step.decision.text)});`);
        break;
      case "saveRestore":
        ensureStarted();
        lines.push("saveAndRestore(engine, state);");
        break;
      case "play":
        ensureStarted();
        lines.push(`play(state, ${actionLiteral(program, exprs, scope, step.play)});`);
        break;
      case "refused": {
        ensureStarted();
        lines.push(
          "{",
          "const before = JSON.stringify(state);",
          `const refusal = ${actionCheck(program, exprs, scope, step.play)};`,
          step.message !== undefined
            ? `expect(refusal, ${label(text)}).toBe(${str(step.message)});`
            : `expect(refusal, ${label(text)}).not.toBeNull();`,
          "expect(JSON.stringify(state)).toBe(before);",
          "}",
        );
        break;
      }
      case "expect":
        ensureStarted();
        lines.push(expectation(exprs, scope, step.condition, label(text)));
        break;
      case "asked":
        ensureStarted();
        lines.push(
          `expect(askedProblem(engine, state, ${step.seat}, [${step.decisions.map((d) => str(d.text)).join(", ")}]), ${label(text)}).toBeNull();`,
        );
        break;
      case "offered": {
        ensureStarted();
        const answers = step.answers.map((a) => actionLiteral(program, exprs, scope, a));
        lines.push(
          `expect(offeredProblem(engine, state, ${step.seat}, (): Action[] => [${answers.join(", ")}]), ${label(text)}).toBeNull();`,
        );
        break;
      }
      case "sees":
        ensureStarted();
        lines.push(seenExpectation(program, exprs, scope, step, label(text)));
        break;
      case "about": {
        ensureStarted();
        const hits = `hits[${shares.length}]!`;
        lines.push(`if (${exprs.emit(step.condition, scope)}) ${hits}++;`);
        shares.push(
          `expect(shareProblem(${hits}, ${seeds}, ${step.percent}, ${step.tolerance}), ${str(text)}).toBeNull();`,
        );
        break;
      }
      case "always":
        ensureStarted();
        lines.push(
          `expect(alwaysProblem(engine, ${options}, state, ${step.games}, (state) => ${exprs.emit(step.condition, scope)}), ${label(text)}).toBeNull();`,
        );
        break;
    }
  }
  ensureStarted();
  const body =
    seeds === undefined
      ? lines
      : [
          ...(shares.length > 0 ? [`const hits = [${shares.map(() => "0").join(", ")}];`] : []),
          `for (let seed = 1; seed <= ${seeds}; seed++) {`,
          ...lines,
          "}",
          ...shares,
        ];
  return [`it(${str(t.title)}, () => {`, ...body, "});"].join("\n");
}

/**
 * `expect 1 sees left == right`: `left` read in the seat's view; `right` as that seat would see it when it has the
 * type of `left` (a card as its view, a square as its coordinates), else as it is (a count, none, a text).
 */
function seenExpectation(
  program: Program,
  exprs: ExprEmitter,
  scope: Scope,
  step: Extract<TestStep, { kind: "sees" }>,
  label: string,
): string {
  const c = step.condition as Binary;
  const path = viewPath(exprs, scope, c.left);
  const code = exprs.emit(c.right, scope);
  const shown = step.asShown ? viewValue(program, c.left.type!, code) : code;
  const right = /\bviewer\b/.test(shown) ? `((viewer: Player) => ${shown})(${step.seat})` : shown;
  const matcher = c.op === "==" ? "toEqual" : "not.toEqual";
  return `expect(viewAt(engine.view(state, ${step.seat}), [${path.join(", ")}]), ${label}).${matcher}(${right});`;
}

/** The keys that lead to a place of the game in a view: `players[0].hand` is "players", 0, "hand". */
function viewPath(exprs: ExprEmitter, scope: Scope, e: Expr): string[] {
  switch (e.kind) {
    case "name":
      return [str(e.name)];
    case "member":
      if (e.object.type?.kind === "player") return [str("players"), exprs.emit(e.object, scope), str(e.name.text)];
      return [...viewPath(exprs, scope, e.object), str(e.name.text)];
    case "index":
      return [...viewPath(exprs, scope, e.object), exprs.emit(e.index, scope)];
    default:
      throw new Error(`internal: ${e.kind} is not a place in the game`);
  }
}

/** The action a test step names: its literal, and (for answers given by value) the values and their texts. */
interface StepAction {
  readonly literal: string;
  /** `field: value` pairs, as the acting player sees the values, and `field: "how the test wrote it"`. */
  readonly values: readonly string[];
  readonly texts: readonly string[];
}

function stepAction(program: Program, exprs: ExprEmitter, scope: Scope, play: TestPlay): StepAction {
  const name = play.action.text;
  const action = program.actions.get(name);
  // `stop`, the answer of `act ... or stop`, has no value.
  const names = action ? action.params.map((p) => p.name.text) : isStopAnswer(program, name) ? [] : ["value"];
  const fields: string[] = [];
  const values: string[] = [];
  const texts: string[] = [];
  names.forEach((field, i) => {
    const arg = play.args[i];
    if (arg !== undefined && play.byValue?.[i] === true) {
      fields.push(`${field}: 0`);
      const t = arg.type!;
      // Compared as the acting player sees the candidates: through the engine's view functions, as that player.
      const code = exprs.emit(arg, scope);
      const view = viewValue(program, t, code);
      const seen = /\bviewer\b/.test(view) ? `((viewer: Player) => ${view})(${play.seat})` : view;
      values.push(`${field}: ${seen}`);
      texts.push(`${field}: ${str(exprs.source.slice(arg.span.start, arg.span.end).replace(/\s+/g, " "))}`);
    } else {
      fields.push(`${field}: ${arg ? exprs.emit(arg, scope) : "0"}`);
    }
  });
  const literal = `{ type: ${str(name)}, player: ${play.seat}${fields.map((f) => `, ${f}`).join("")} }`;
  return { literal, values, texts };
}

/** The arguments after the action of `atValues` and `checkAtValues`: the values and how the test wrote them. */
function valueArgs(a: StepAction): string {
  return `{ ${a.values.join(", ")} }, { ${a.texts.join(", ")} }`;
}

/**
 * The action a test step plays. An argument given by value where the rules take a position in a list is looked up
 * among the positions when the step runs (the runtime's `atValues`), so the test does not depend on the list's order.
 */
function actionLiteral(program: Program, exprs: ExprEmitter, scope: Scope, play: TestPlay): string {
  const a = stepAction(program, exprs, scope, play);
  return a.values.length === 0 ? a.literal : `atValues(engine, state, ${a.literal}, ${valueArgs(a)})`;
}

/** `engine.check` of the action a step names; an answer given by value that is not among the choices is refused. */
function actionCheck(program: Program, exprs: ExprEmitter, scope: Scope, play: TestPlay): string {
  const a = stepAction(program, exprs, scope, play);
  return a.values.length === 0
    ? `engine.check(state, ${a.literal})`
    : `checkAtValues(engine, state, ${a.literal}, ${valueArgs(a)})`;
}

/** `expect a == b` reads best as `expect(a).toEqual(b)`, so failures show both values. `label`: the message's code. */
function expectation(exprs: ExprEmitter, scope: Scope, e: Expr, label: string): string {
  if (e.kind === "binary") {
    const b = e as Binary;
    const matcher: Partial<Record<Binary["op"], string>> = {
      "==": "toEqual",
      "!=": "not.toEqual",
      "<": "toBeLessThan",
      "<=": "toBeLessThanOrEqual",
      ">": "toBeGreaterThan",
      ">=": "toBeGreaterThanOrEqual",
    };
    const m = matcher[b.op];
    // Emitted only when used: emitting lifts aggregate helpers, and unused ones would be dead code.
    if (m) return `expect(${exprs.emit(b.left, scope)}, ${label}).${m}(${exprs.emit(b.right, scope)});`;
  }
  return `expect(${exprs.emit(e, scope)}, ${label}).toBe(true);`;
}

// ---- the view property: change exactly what a seat may not see ------------------------------------------

interface Scramble {
  readonly code: string;
}

function alter(program: Program, t: Type, code: string): string | undefined {
  switch (t.kind) {
    case "int":
      return `${code} + 1`;
    case "bool":
      return `!${code}`;
    case "string":
      return `${code} + "?"`;
    case "player":
      return `(${code} + 1) % state.playerCount`;
    case "enum": {
      const union = program.unions.get(t.name);
      if (union) {
        // Another member: the first becomes the second, any other the first.
        const [first, second] = [...union.members.values()];
        if (!second) return undefined;
        const zero = (m: typeof first): string =>
          memberValue(
            m!.decl.name.text,
            m!.fields.map((f) => [f.name, zeroValue(program, f.type)]),
          );
        return `${code}.${UNION_TAG} === ${JSON.stringify(first!.decl.name.text)} ? ${zero(second)} : ${zero(first)}`;
      }
      const values = valuesConst(t.name);
      const n = program.enums.get(t.name)!.members.length;
      return n > 1 ? `${values}[(${values}.indexOf(${code}) + 1) % ${n}]!` : undefined;
    }
    case "list":
      return `${code}.slice().reverse().map((x) => ${arrowBody(alter(program, t.element, "x") ?? "x")})`;
    case "deck": {
      const list = (c: string): string => alter(program, { kind: "list", element: t.element }, c)!;
      return `{ pile: ${list(`${code}.pile`)}, discard: ${list(`${code}.discard`)} }`;
    }
    case "optional":
      // Present becomes none, none becomes present.
      return `${code} === null ? ${zeroValue(program, t.inner)} : null`;
    default:
      return undefined;
  }
}

/** A map `values hidden`: every value changed, the keys kept (players see the keys). */
function alterValues(program: Program, t: Type, code: string): string | undefined {
  if (t.kind !== "map") return undefined;
  const changed = alter(program, t.value, "x");
  return changed === undefined ? undefined : `mapMapValues(${code}, (x) => ${arrowBody(changed)})`;
}

function emitScramble(program: Program): Scramble {
  const lines: string[] = [];
  const fieldLines = (f: FieldDecl, t: Type, obj: string, visible: string): void => {
    if (f.visibility.kind === "public") return;
    const code = `${obj}.${f.name.text}`;
    const changed = f.visibility.kind === "valuesHidden" ? alterValues(program, t, code) : alter(program, t, code);
    if (!changed) return;
    lines.push(
      visible === "false"
        ? `${obj}.${f.name.text} = ${changed};`
        : `if (!(${visible})) ${obj}.${f.name.text} = ${changed};`,
    );
  };
  // Per-player fields.
  const playerSecrets = [...program.playerFields.values()].filter((f) => f.decl.visibility.kind !== "public");
  if (playerSecrets.length > 0) {
    const before = lines.length;
    for (const f of playerSecrets) {
      const visible = f.decl.visibility.kind === "private" ? "owner === seat" : "false";
      if (f.decl.visibility.kind === "visibleIf") continue; // conditions on players are left to hand-written tests
      fieldLines(f.decl, f.type, "mine", visible);
    }
    if (lines.length > before) {
      lines.splice(
        before,
        0,
        "for (let owner = 0; owner < state.playerCount; owner++) {",
        "const mine = state.players[owner]!;",
      );
      lines.push("}");
    }
  }
  // Global fields, and records anywhere in the state whose fields are conditionally visible.
  for (const f of program.globalFields.values()) {
    const kind = f.decl.visibility.kind;
    if (kind === "hidden" || kind === "valuesHidden") fieldLines(f.decl, f.type, "state", "false");
  }
  // A deck's draw pile is face down, even in a public field: everyone sees only its size.
  const pile = (t: Type, code: string): string => alter(program, { kind: "list", element: t }, code)!;
  for (const f of program.globalFields.values()) {
    if (f.type.kind !== "deck" || f.decl.visibility.kind !== "public") continue;
    lines.push(`state.${f.decl.name.text}.pile = ${pile(f.type.element, `state.${f.decl.name.text}.pile`)};`);
  }
  for (const f of program.playerFields.values()) {
    if (f.type.kind !== "deck" || f.decl.visibility.kind !== "public") continue;
    lines.push(
      `for (const mine of state.players) mine.${f.decl.name.text}.pile = ${pile(f.type.element, `mine.${f.decl.name.text}.pile`)};`,
    );
  }
  const recordFns: string[] = [];
  const recordUsesState = new Map<string, boolean>();
  for (const r of program.records.values()) {
    const name = r.decl.name.text;
    if (!hidesSomething(program, { kind: "record", name })) continue;
    const body: string[] = [];
    for (const f of r.fields.values()) {
      const vis = f.decl.visibility;
      if (vis.kind === "public") continue;
      if (vis.kind === "valuesHidden") {
        // The view shows the keys: the values may change freely.
        const values = alterValues(program, f.type, `record.${f.decl.name.text}`);
        if (values) body.push(`record.${f.decl.name.text} = ${values};`);
        continue;
      }
      const changed = alter(program, f.type, `record.${f.decl.name.text}`);
      if (!changed) continue;
      // The view decides what is visible; a field the view shows as null may change freely.
      body.push(
        `if (shown.${f.decl.name.text} === null || shown.${f.decl.name.text} === undefined) record.${f.decl.name.text} = ${changed};`,
      );
    }
    const stateParam = body.some((l) => l.includes("state.")) ? "state: State, " : "";
    recordFns.push(
      `function scramble${name}(${stateParam}record: ${typeName(name)}, shown: Partial<Record<keyof ${typeName(name)}, unknown>>): void {`,
      ...body,
      "}",
    );
    recordUsesState.set(name, stateParam !== "");
  }
  // Walk the state for records: global fields and player fields holding them (or lists of them).
  const walk = (t: Type, code: string, viewCode: string): string[] => {
    if (t.kind === "record" && hidesSomething(program, t)) {
      return [`scramble${t.name}(${recordUsesState.get(t.name) ? "state, " : ""}${code}, ${viewCode});`];
    }
    if (t.kind === "list" && hidesSomething(program, t.element)) {
      return [`${code}.forEach((item, i) => {`, ...walk(t.element, "item", `${viewCode}[i]!`), "});"];
    }
    return [];
  };
  for (const f of program.globalFields.values()) {
    if (f.decl.visibility.kind !== "public") continue;
    lines.push(...walk(f.type, `state.${f.decl.name.text}`, `shown.${f.decl.name.text}`));
  }
  for (const f of program.playerFields.values()) {
    if (f.decl.visibility.kind !== "public" || !hidesSomething(program, f.type)) continue;
    lines.push(
      "state.players.forEach((mine, owner) => {",
      ...walk(f.type, `mine.${f.decl.name.text}`, `shown.players[owner]!.${f.decl.name.text}`),
      "});",
    );
  }
  const usesShown = lines.some((l) => l.includes("shown"));
  const code = [
    "/** Changes, in place, exactly what the rules hide from `seat`: a view for `seat` must not notice. */",
    "function scrambleHidden(state: State, seat: Player): void {",
    ...(usesShown ? ["const shown = engine.view(state, seat);"] : []),
    "// The random generator is never shown: no view tells the next draw.",
    "state.rng = createRng(seat + 1);",
    ...lines,
    "}",
    ...recordFns,
  ].join("\n");
  return { code };
}
