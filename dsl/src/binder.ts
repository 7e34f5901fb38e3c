/**
 * Pass 1, the binder (as in the TypeScript compiler, the pass before the checker): every declaration of the file is
 * entered in its namespace — types (enums, records), values (constants, params, fields, functions, procedures,
 * actions) and the game's singletons (`game`, `setup`, `flow`, `scoring`) — reporting duplicates, reserved and
 * builtin names, and what a game cannot do without. Types, values and bodies are the checker's passes.
 */
import type * as A from "./ast.ts";
import type { FieldInfo, RecordInfo } from "./checker.ts";
import { GRID_DIR_ENUM, GRID_DIR_MEMBERS, HEX_DIR_ENUM, HEX_DIR_MEMBERS } from "./checker-builtins.ts";
import { Codes, error, fieldDeclaredTwice, type Diagnostic } from "./diagnostics.ts";
import { UNKNOWN, type Type } from "./types.ts";

/** What a file declares, by namespace. Types of fields, constants and params are `unknown` until pass 2. */
export interface Declarations {
  game: A.GameDecl | undefined;
  setup: A.SetupDecl | undefined;
  flow: A.FlowDecl | undefined;
  scoring: A.ScoringDecl | undefined;
  /** `abandon "reason" when ...`, in the order written. */
  readonly abandons: A.AbandonDecl[];
  readonly enums: Map<string, A.EnumDecl>;
  /** Member name -> the enums that list it. */
  readonly enumMembers: Map<string, string[]>;
  readonly records: Map<string, RecordInfo>;
  readonly consts: Map<string, { decl: A.ConstDecl; type: Type }>;
  readonly params: Map<string, { decl: A.ParamDecl; type: Type }>;
  readonly playerFields: Map<string, FieldInfo>;
  readonly globalFields: Map<string, FieldInfo>;
  readonly derivedFields: Map<string, FieldInfo>;
  /** `per playerTurn { ... }`: global fields set back to their initial values whenever the procedure starts. */
  readonly runFields: Map<string, { readonly proc: A.Name; readonly fields: string[] }>;
  readonly fns: Map<string, A.FnDecl>;
  /** `way sea(p: Player) { ... }`: named ways, asked by `reachable` and `route`. */
  readonly ways: Map<string, A.WayDecl>;
  readonly procs: Map<string, A.ProcDecl>;
  readonly actions: Map<string, A.ActionDecl>;
  readonly variants: A.VariantDecl[];
  readonly tests: A.TestDecl[];
  /** Every type name the file declares (enums and records share one namespace). */
  readonly typeNames: Set<string>;
  /** Every value name, with where it is declared (constants, fields, functions, procedures, actions share one). */
  readonly valueNames: Map<string, A.Span>;
}

export function newDeclarations(): Declarations {
  return {
    game: undefined,
    setup: undefined,
    flow: undefined,
    scoring: undefined,
    abandons: [],
    enums: new Map(),
    enumMembers: new Map(),
    records: new Map(),
    consts: new Map(),
    params: new Map(),
    playerFields: new Map(),
    globalFields: new Map(),
    derivedFields: new Map(),
    runFields: new Map(),
    fns: new Map(),
    ways: new Map(),
    procs: new Map(),
    actions: new Map(),
    variants: [],
    tests: [],
    typeNames: new Set(),
    valueNames: new Map(),
  };
}

/** Keys the generated state uses itself, so no global or player field may take them. */
const reservedStateKeys: readonly string[] = [
  "variant",
  "params",
  "playerCount",
  "players",
  "rng",
  "stack",
  "pending",
  "allowed",
  "interrupts",
  "returns",
  "completing",
];

/** Names of values the language gives every program (`players`, `over`...). */
export const builtinNames: readonly A.BuiltinName[] = [
  "players",
  "playerCount",
  "viewer",
  "owner",
  "over",
  "winners",
  "acting",
  "interrupting",
];

/** Enters the declarations of `file` in `decls`; `onDerived` hears of each derived field. */
export function bindDeclarations(
  file: A.RulesFile,
  decls: Declarations,
  diagnostics: Diagnostic[],
  onDerived: (field: A.FieldDecl) => void,
): void {
  new Binder(file, decls, diagnostics, onDerived).bind();
}

class Binder {
  constructor(
    private readonly file: A.RulesFile,
    private readonly decls: Declarations,
    private readonly diagnostics: Diagnostic[],
    private readonly onDerived: (field: A.FieldDecl) => void,
  ) {}

  private declareValue(name: A.Name, what: string): boolean {
    const previous = this.decls.valueNames.get(name.text);
    if (previous) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          name.span,
          `\`${name.text}\` is already declared (line ${previous.line})`,
          `rename one of them; ${what} names share one namespace with constants, fields, functions and actions`,
        ),
      );
      return false;
    }
    // A builtin function's name is free: the designer's own `fn take` or `proc draw` is called instead of it.
    if ((builtinNames as readonly string[]).includes(name.text)) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          name.span,
          `\`${name.text}\` is a builtin name and cannot be redeclared`,
          "choose another name: this one is the language's own",
        ),
      );
      return false;
    }
    this.decls.valueNames.set(name.text, name.span);
    return true;
  }

  private declareType(name: A.Name): boolean {
    if (
      this.decls.typeNames.has(name.text) ||
      ["int", "bool", "string", "Player", "Hex", HEX_DIR_ENUM, GRID_DIR_ENUM].includes(name.text)
    ) {
      this.diagnostics.push(
        error(
          Codes.duplicate,
          name.span,
          `the type \`${name.text}\` is already declared`,
          "rename one of them: enums and records share one namespace of type names",
        ),
      );
      return false;
    }
    this.decls.typeNames.add(name.text);
    return true;
  }

  /**
   * `HexDir` and `GridDir`, the language's own enums; programs that never use one do not carry it (see `run`). A
   * designer's enum with a member of the same name is preferred where the name alone is written (`left`).
   */
  private declareDirections(): void {
    const span: A.Span = { start: 0, end: 0, line: 1, column: 1 };
    for (const [name, members] of [
      [HEX_DIR_ENUM, HEX_DIR_MEMBERS],
      [GRID_DIR_ENUM, GRID_DIR_MEMBERS],
    ] as const) {
      const decl: A.EnumDecl = {
        kind: "enum",
        span,
        name: { text: name, span },
        members: members.map((text) => ({ span, name: { text, span }, fields: [] })),
      };
      this.decls.enums.set(name, decl);
      for (const m of members) this.decls.enumMembers.set(m, [name]);
    }
  }

  bind(): void {
    this.declareDirections();
    const firstOf = new Map<string, A.Declaration>();
    for (const d of this.file.declarations) {
      switch (d.kind) {
        case "game":
        case "setup":
        case "flow":
        case "scoring": {
          const previous = firstOf.get(d.kind);
          if (previous) {
            this.diagnostics.push(
              error(
                Codes.duplicate,
                d.span,
                `a second \`${d.kind}\` declaration (the first is on line ${previous.span.line})`,
                "a game has one of each; merge them",
              ),
            );
            continue;
          }
          firstOf.set(d.kind, d);
          if (d.kind === "game") this.decls.game = d;
          if (d.kind === "setup") this.decls.setup = d;
          if (d.kind === "flow") this.decls.flow = d;
          if (d.kind === "scoring") this.decls.scoring = d;
          break;
        }
        case "enum": {
          if (!this.declareType(d.name)) break;
          this.decls.enums.set(d.name.text, d);
          const seen = new Set<string>();
          for (const { name: m } of d.members) {
            if (seen.has(m.text)) {
              this.diagnostics.push(
                error(
                  Codes.duplicate,
                  m.span,
                  `\`${m.text}\` is listed twice in \`${d.name.text}\``,
                  "remove one of the two",
                ),
              );
              continue;
            }
            seen.add(m.text);
            this.decls.enumMembers.set(m.text, [...(this.decls.enumMembers.get(m.text) ?? []), d.name.text]);
          }
          if (d.members.length === 0) {
            this.diagnostics.push(
              error(
                Codes.invalidValue,
                d.name.span,
                `the enum \`${d.name.text}\` has no members`,
                `list its members between the braces: \`enum ${d.name.text} { first, second }\``,
              ),
            );
          }
          break;
        }
        case "record":
          if (this.declareType(d.name)) this.decls.records.set(d.name.text, { decl: d, fields: new Map() });
          break;
        case "const":
          if (this.declareValue(d.name, "constant")) this.decls.consts.set(d.name.text, { decl: d, type: UNKNOWN });
          break;
        case "param":
          if (this.declareValue(d.name, "parameter")) this.decls.params.set(d.name.text, { decl: d, type: UNKNOWN });
          break;
        case "state":
          for (const f of d.fields) {
            const table =
              d.scope === "player"
                ? this.decls.playerFields
                : d.scope === "global" || d.scope === "run"
                  ? this.decls.globalFields
                  : this.decls.derivedFields;
            if (reservedStateKeys.includes(f.name.text)) {
              this.diagnostics.push(
                error(
                  Codes.duplicate,
                  f.name.span,
                  `\`${f.name.text}\` is reserved for the engine's own bookkeeping`,
                  "choose another field name",
                ),
              );
              continue;
            }
            if (d.scope !== "player" && !this.declareValue(f.name, `${d.scope === "run" ? "global" : d.scope} field`))
              continue;
            if (table.has(f.name.text)) {
              this.diagnostics.push(fieldDeclaredTwice(f.name.text, f.name.span));
              continue;
            }
            table.set(f.name.text, { decl: f, type: UNKNOWN });
            if (d.scope === "derived") this.onDerived(f);
            if (d.scope === "run" && d.proc) {
              const run = this.decls.runFields.get(d.proc.text) ?? { proc: d.proc, fields: [] };
              run.fields.push(f.name.text);
              this.decls.runFields.set(d.proc.text, run);
            }
          }
          break;
        case "fn":
          if (this.declareValue(d.name, "function")) this.decls.fns.set(d.name.text, d);
          break;
        case "way":
          if (this.declareValue(d.name, "way")) this.decls.ways.set(d.name.text, d);
          break;
        case "proc":
          if (this.declareValue(d.name, "procedure")) this.decls.procs.set(d.name.text, d);
          break;
        case "action":
          if (this.declareValue(d.name, "action")) this.decls.actions.set(d.name.text, d);
          break;
        case "variant":
          this.decls.variants.push(d);
          break;
        case "abandon":
          this.decls.abandons.push(d);
          break;
        case "test":
          this.decls.tests.push(d);
          break;
      }
    }
    const start = this.file.declarations[0]?.span ?? { start: 0, end: 0, line: 1, column: 1 };
    if (!this.decls.game) {
      this.diagnostics.push(
        error(
          Codes.missingGame,
          start,
          "the file has no `game` declaration",
          'start with: game "Title" { players 2..4 }',
        ),
      );
    } else if (this.decls.game.minPlayers < 1 || this.decls.game.maxPlayers < this.decls.game.minPlayers) {
      this.diagnostics.push(
        error(
          Codes.invalidValue,
          this.decls.game.span,
          `the player range ${this.decls.game.minPlayers}..${this.decls.game.maxPlayers} is empty`,
          "write the fewest players first: `players 2..4`",
        ),
      );
    }
    if (!this.decls.flow) {
      this.diagnostics.push(
        error(
          Codes.missingDeclaration,
          start,
          "the file has no `flow` block",
          "the flow says how the game proceeds, from the first turn to the end",
        ),
      );
    }
    const variantNames = new Set<string>(["base"]);
    for (const v of this.decls.variants) {
      if (variantNames.has(v.name.text)) {
        this.diagnostics.push(
          error(
            Codes.duplicate,
            v.name.span,
            `the variant \`${v.name.text}\` is declared twice (or is named \`base\`)`,
            "give each variant a name of its own; `base` names the game without a variant",
          ),
        );
      }
      variantNames.add(v.name.text);
    }
  }
}
