/** Names in generated code: rules names kept as written where TypeScript allows, made unique where needed. */
import { type LocalSymbol, type Program } from "@rules/dsl";
import { treeFacts } from "./tree-facts.ts";
import { runtimeHelpers } from "./runtime-helpers.ts";

const reserved = new Set([
  // TypeScript and JavaScript reserved words and awkward globals
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "let",
  "static",
  "implements",
  "interface",
  "package",
  "private",
  "protected",
  "public",
  "await",
  "async",
  "of",
  "type",
  "as",
  "any",
  "unknown",
  "never",
  "undefined",
  "NaN",
  "Infinity",
  "arguments",
  "eval",
  "Math",
  "Object",
  "Array",
  "String",
  "Number",
  "Boolean",
  "JSON",
  "Error",
  "Set",
  "Map",
  // names the generated code uses itself
  "state",
  "frame",
  "action",
  "out",
  "seat",
  "value",
  "result",
  "engine",
  "index",
  "list",
]);

export function safeName(name: string): string {
  return reserved.has(name) ? `${name}_` : name;
}

/** Gives each local symbol of one generated function a distinct, readable name. */
export class LocalNames {
  private readonly names = new Map<LocalSymbol, string>();
  private readonly taken = new Set<string>();
  private readonly aliased = new Set<LocalSymbol>();

  constructor(taken: Iterable<string> = []) {
    for (const t of taken) this.taken.add(t);
  }

  nameOf(symbol: LocalSymbol): string {
    const known = this.names.get(symbol);
    if (known) return known;
    const base = safeName(symbol.name);
    let candidate = base;
    for (let k = 2; this.taken.has(candidate); k++) candidate = `${base}${k}`;
    this.taken.add(candidate);
    this.names.set(symbol, candidate);
    return candidate;
  }

  /** `symbol` read under a name given already, to a value nothing rebinds (see `fusedComprehension`). */
  alias(symbol: LocalSymbol, name: string): void {
    this.names.set(symbol, name);
    this.aliased.add(symbol);
  }

  /** A name of the symbol's own, to declare it under: never the name it was last read under as an alias. */
  ownName(symbol: LocalSymbol): string {
    if (this.aliased.delete(symbol)) this.names.delete(symbol);
    return this.nameOf(symbol);
  }

  /** Whether `symbol` has a name here already (it is in scope). */
  hasName(symbol: LocalSymbol): boolean {
    return this.names.has(symbol);
  }

  /** A fresh name for the generator's own temporaries. */
  fresh(base: string): string {
    let candidate = base;
    for (let k = 2; this.taken.has(candidate); k++) candidate = `${base}${k}`;
    this.taken.add(candidate);
    return candidate;
  }
}

/** `launch-ship` / `Launch` -> `Launch`; used for type names derived from rules names. */
/**
 * `code` where it is to be read more than once: itself when it is a plain name, else a fresh local (named from
 * `hint`) that `setup` sets to it, so that it is evaluated once.
 */
export function namedOnce(code: string, names: LocalNames, hint: string): { setup: string[]; name: string } {
  if (/^\w+$/.test(code)) return { setup: [], name: code };
  const name = names.fresh(hint);
  return { setup: [`const ${name} = ${code};`], name };
}

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

/** A JavaScript string literal. */
export function str(text: string): string {
  return JSON.stringify(text);
}

/** The name of the constant listing an enum's members. */
export function valuesConst(enumName: string): string {
  return `${enumName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}_VALUES`;
}

/** Names the generated module declares itself, or imports: a rules name equal to one would not compile. */
const generatedNames = new Set([
  "ShownAction",
  "Hex",
  "HexView",
  "Deck",
  "DeckView",
  "Held",
  "HeldFields",
  "HELD",
  "Trial",
  "Way",
  "ShownCards",
  "choiceShown",
  ...runtimeHelpers,
  "Player",
  "State",
  "Action",
  "View",
  "PlayerView",
  "PlayerState",
  "Pending",
  "StopAnswer",
  "Frame",
  "ResumeFrame",
  "Params",
  "PARAMETERS",
  "ParameterInfo",
  "VariantName",
  "Allowance",
  "Engine",
  "GameOptions",
  "Outcome",
  "RngState",
  "engine",
  "DERIVED",
  "Derived",
  "derived",
  "deriveData",
  "run",
  "check",
  "apply",
  "legalActions",
  "newGame",
  "setUp",
  "start",
  "isOver",
  "outcome",
  "score",
  "view",
  "viewPlayer",
  "validateState",
  "describeAction",
  "allowedNow",
  "offerAllowed",
  "checkAllowed",
  "applyAllowed",
  "SEATS",
  "PARAMS",
  "VARIANTS",
  "DECISION_NAMES",
  "SITE_OFFERS",
  "ACTION_FIELDS",
  "extraField",
  "determinize",
  "standing",
  "VIEW_SHAPE",
  "ViewShape",
  "boardView",
  "actionPlaces",
  "grids",
  "BoardGrids",
  "cloneState",
  "cloneFrame",
]);
/**
 * The TypeScript name of a rules enum or record. Every engine exports its own types under fixed names (`State`,
 * `Action`, `View`...: its interface to the runtime and to tests, the same in every game); a designer's type of
 * such a name keeps it in the rules, in messages and in views, and is written with a `_` in the generated code.
 */
export function typeName(name: string): string {
  return generatedNames.has(name) ? `${name}_` : name;
}

/** The function that answers a `choose ... when several` with a single answer (see `emitAnswerAlone`). */
export function answerAloneName(site: number): string {
  return `answerAlone${site}`;
}

/** The lifted helpers of aggregates, comprehensions and `match` expressions are numbered: `sum1`, `collect2`... */
const helperShape = /^(sum|count|min|max|all|any|argmin|argmax|sorted|first|collect|match)\d+$/;

/**
 * A type name the engine derives from a rules name (`RoomChoice` from `choose room`, `TurnFrame` from `proc turn`),
 * moved aside with `_` when the rules declare a type of that very name: the designer's types keep their names.
 */
export function engineTypeName(program: Program, base: string): string {
  let name = base;
  while (program.records.has(name) || program.enums.has(name)) name += "_";
  return name;
}

/** What the engine declares for `completing` blocks (`emitCompleting`, `emitStateCopy`). */
const completingNames = [
  "COMPLETING_BLOCKS",
  "SEARCH_LIMIT",
  "searching",
  "blockFinished",
  "ownAnswers",
  "finishesBlocks",
  "finishesAmongOthers",
  "canFinish",
  "takingLast",
  "searchAnswers",
  "copyForSearch",
  "copyFrame",
  "canPlay",
];

/** Every name the engine module will declare for this program. */
export function engineNames(program: Program): Set<string> {
  const names = new Set(generatedNames);
  // The runtime's grid cell types, unless the rules have a type of their own named Cell (then they use no cells).
  if (!program.records.has("Cell") && !program.enums.has("Cell")) names.add("Cell").add("CellView");
  for (const a of program.actions.keys()) {
    for (const prefix of ["check", "do", "offer", "step", "start"]) names.add(`${prefix}${a}`);
    names.add(engineTypeName(program, `${pascal(a)}Action`));
  }
  for (const c of program.choiceTypes.keys()) names.add(engineTypeName(program, `${pascal(c)}Choice`));
  for (const r of program.records.keys()) {
    names.add(`${r}View`);
    names.add(`view${r}`);
    names.add(`problemIn${r}`);
    names.add(`clone${r}`);
  }
  for (const u of program.unions.keys()) {
    names.add(`${u}View`);
    names.add(`view${u}`);
    names.add(`problemIn${u}`);
  }
  for (const e of program.enums.keys()) names.add(valuesConst(e)).add(`at${e}`);
  for (const routine of ["Flow", ...[...program.procs.keys()].map(pascal), ...program.actions.keys()]) {
    for (const n of [
      `step${routine}`,
      `start${routine}`,
      `new${routine}Frame`,
      `try${routine}`,
      `current${routine}Frame`,
      engineTypeName(program, `${routine}Frame`),
    ]) {
      names.add(n);
    }
  }
  program.scoring?.tiebreaks.forEach((_, i) => names.add(`tiebreak${i + 1}`));
  if (program.scoring?.progress) names.add("progress").add("progressBySeat");
  for (const d of program.decisions) if (d.kind === "choose" && d.stmt.whenSeveral) names.add(answerAloneName(d.site));
  if (program.completing.length > 0) {
    for (const n of completingNames) names.add(n);
    for (const r of program.records.keys()) names.add(`copy${r}`);
  }
  return names;
}

const valueNames = new WeakMap<Program, Map<string, string>>();

/**
 * The TypeScript name of a rules function, way, procedure or constant: its own, unless the generated engine declares
 * that name itself (`at`, `run`, `sum1`...) or a local of the rules has it (`let near = near(me)` would hide the
 * function from its own initializer); then it takes a `_` (more if needed), so the designer's names are never refused
 * for the engine's sake.
 */
export function valueName(program: Program, name: string): string {
  let names = valueNames.get(program);
  if (!names) {
    names = new Map();
    const taken = engineNames(program);
    const locals = treeFacts(program).localNames;
    const declared = new Set([
      ...program.fns.keys(),
      ...program.ways.keys(),
      ...program.procs.keys(),
      ...program.consts.keys(),
    ]);
    for (const n of declared) {
      if (!taken.has(n) && !helperShape.test(n) && !reserved.has(n) && !locals.has(n)) continue;
      let renamed = `${n}_`;
      while (taken.has(renamed) || declared.has(renamed) || locals.has(renamed)) renamed += "_";
      names.set(n, renamed);
    }
    valueNames.set(program, names);
  }
  return names.get(name) ?? name;
}

/** The variants that replace the rule `name`. */
export function variantsReplacing(program: Program, name: string): string[] {
  return program.variants.filter((v) => v.replacements.some((r) => r.name.text === name)).map((v) => v.name.text);
}

/** The trial version of procedure `name`, which `can` plays (trials.ts). */
export function trialName(name: string): string {
  return `try${pascal(name)}`;
}

/** The frame that starts the resumable rule `name` (a procedure or action), in the version of the game's variant. */
export function frameExpression(program: Program, name: string, args: string[]): string {
  if (variantsReplacing(program, name).length === 0) return `new${pascal(name)}Frame(${args.join(", ")})`;
  return `start${pascal(name)}(${["state", ...args].join(", ")})`;
}
