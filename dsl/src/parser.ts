/**
 * The grammar of the rules language (tokens -> CST), a Chevrotain CstParser with error recovery so that one run
 * reports every syntax error of a file. `cst-to-ast.ts` turns the CST into the typed AST.
 */
import {
  createTokenInstance,
  CstParser,
  EOF,
  LLkLookaheadStrategy,
  type CstNode,
  type ILookaheadStrategy,
  type IOrAlt,
  type IRecognitionException,
  type IToken,
} from "chevrotain";
import * as T from "./lexer.ts";
import type { TokenStream } from "./token-stream.ts";

/**
 * How deep the constructs that nest without brackets (`not not ...`, `- - ...`, `if ... then if ...`, `else if`
 * chains, `list<list<...>>`) may go. Brackets are limited separately, as they are lexed (`MAX_NESTING` in `parse.ts`,
 * `token-stream.ts`); together the two keep the recursive descent far from the end of the stack.
 */
export const MAX_CHAIN_DEPTH = 256;

/** Thrown by the parser when nesting exceeds `MAX_CHAIN_DEPTH`; `parse.ts` turns it into a diagnostic. */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken) {
    super("nesting too deep");
  }
}

/** Thrown by the parser once it has found more errors than can be shown: the rest of the file is not read. */
export class TooManyErrors extends Error {
  constructor() {
    super("too many errors");
  }
}

/**
 * Chevrotain's LL(k) lookahead, each decision's function built the first time the parser reaches that decision rather
 * than all of them when the parser is made: a `rules check` of a small file reaches a fraction of the grammar, and
 * building every function took most of the command's start-up.
 */
function lazyLookahead(maxLookahead: number): ILookaheadStrategy {
  const llk = new LLkLookaheadStrategy({ maxLookahead });
  return {
    validate: (options) => llk.validate(options),
    buildLookaheadForAlternation(options) {
      let built: ((orAlts?: IOrAlt<unknown>[]) => number | undefined) | undefined;
      return function (this: unknown, orAlts) {
        built ??= llk.buildLookaheadForAlternation(options);
        return built.call(this, orAlts);
      };
    },
    buildLookaheadForOptional(options) {
      let built: (() => boolean) | undefined;
      return function (this: unknown) {
        built ??= llk.buildLookaheadForOptional(options);
        return built.call(this);
      };
    },
  };
}

// Chevrotain's own methods that `RulesParser` extends, though its typings do not declare them.
const { SAVE_ERROR: saveError, moveToTerminatedState: terminate } = CstParser.prototype as unknown as {
  SAVE_ERROR(e: IRecognitionException): IRecognitionException;
  moveToTerminatedState(): void;
};

/** How far ahead error recovery may look for a token to resume at (see `RulesParser.LA`). */
const MAX_SCAN = 10_000;
/** The end of the input, as error recovery sees it past `MAX_SCAN` tokens ahead. */
const VIRTUAL_END = createTokenInstance(EOF, "", NaN, NaN, NaN, NaN, NaN, NaN);

/**
 * Tokens error recovery may skip in one file before parsing stops: far more than any recovery in a file of rules
 * skips (to the next statement or declaration), far fewer than a file of garbage offers.
 */
const MAX_SKIPPED = 100_000;

export class RulesParser extends CstParser {
  private depth = 0;
  /** Where tokens come from while `parseStream` runs: lexed as the parser reads, not all at once. */
  private stream: TokenStream | undefined;
  /** Errors past which parsing stops (`parseStream`). */
  private errorLimit = Infinity;
  /** Tokens skipped so far while recovering from errors (`SKIP_TOKEN`). */
  private skipped = 0;
  // Chevrotain's token vector, which its lexer adapter lets a parser fill lazily (see `LA`).
  declare private tokVector: IToken[];
  declare private tokVectorLength: number;
  declare private currIdx: number;
  declare private _errors: IRecognitionException[];

  constructor() {
    super(T.allTokens, {
      recoveryEnabled: true,
      maxLookahead: 4,
      nodeLocationTracking: "full",
      // Chevrotain's checks of the grammar itself take half the parser's start-up: the tests run them on every change
      // of the grammar, so the built `rules` command (which sets this) skips them.
      skipValidations: process.env.RULES_GRAMMAR_CHECKED === "1",
      lookaheadStrategy: lazyLookahead(4),
    });
    this.performSelfAnalysis();
  }

  override reset(): void {
    super.reset();
    this.depth = 0;
  }

  /**
   * Parses a file whose tokens `stream` lexes as they are needed; stops with `TooManyErrors` once more than
   * `errorLimit` syntax errors were found, so that garbage is neither lexed nor parsed past what can be shown.
   */
  parseStream(stream: TokenStream, errorLimit: number): CstNode {
    this.skipped = 0;
    stream.more();
    this.input = stream.tokens;
    this.stream = stream;
    this.errorLimit = errorLimit;
    try {
      return this.file();
    } finally {
      this.stream = undefined;
      this.errorLimit = Infinity;
    }
  }

  /**
   * Makes token `currIdx + howMuch` exist if the stream can still lex it. Chevrotain pads the tokens with end-of-file
   * sentinels while it parses (so that its fast lookahead needs no bounds check): they move to the new end.
   */
  private pull(howMuch: number): void {
    const stream = this.stream;
    if (!stream) return;
    // Brackets nested too deep: stop where lexing stopped, before the parser tries to recover from the cut (which
    // walks the grammar as deep as the brackets go). `parse.ts` reports it.
    if (stream.tooDeep) throw new TooManyErrors();
    if (stream.done) return;
    const tokens = this.tokVector;
    const sentinels = tokens.splice(this.tokVectorLength);
    while (this.currIdx + howMuch >= tokens.length && stream.more());
    this.tokVectorLength = tokens.length;
    tokens.push(...sentinels);
    if (stream.tooDeep) throw new TooManyErrors();
  }

  override LA(howMuch: number): IToken {
    // Only error recovery looks this far ahead, for a token to resume at (at the top of a file, only the end will
    // do): past this distance it sees the end, and skips towards it token by token (`SKIP_TOKEN`, which stops).
    if (howMuch > MAX_SCAN && this.stream) return VIRTUAL_END;
    if (this.currIdx + howMuch >= this.tokVectorLength) this.pull(howMuch);
    return super.LA(howMuch);
  }

  /** Chevrotain's unchecked lookahead, used while recovering from errors. */
  override LA_FAST(howMuch: number): IToken {
    if (this.currIdx + howMuch >= this.tokVectorLength) this.pull(howMuch);
    return this.tokVector[this.currIdx + howMuch]!;
  }

  /**
   * Chevrotain's skip of one token while it recovers from an error. Lexed lazily, the token after the last one lexed
   * must be lexed first; and a recovery that skips this much finds nothing to resume at: the rest is garbage.
   */
  protected override SKIP_TOKEN(): IToken {
    if (this.stream && ++this.skipped > MAX_SKIPPED) throw new TooManyErrors();
    if (this.currIdx + 2 >= this.tokVectorLength) this.pull(2);
    return super.SKIP_TOKEN();
  }

  /** Chevrotain gives up on the rest of the input (not in its typings): none of it is lexed any more. */
  moveToTerminatedState(): void {
    this.stream = undefined;
    terminate.call(this);
  }

  /** Chevrotain's record of an error (not in its typings), which every syntax error goes through. */
  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    const saved = saveError.call(this, error);
    if (this._errors.length > this.errorLimit) throw new TooManyErrors();
    return saved;
  }

  /** Parses one more level of unbracketed nesting, refusing to go deeper than `MAX_CHAIN_DEPTH`. */
  private deeper(parse: () => void): void {
    this.ACTION(() => {
      if (++this.depth > MAX_CHAIN_DEPTH) throw new NestingTooDeep(this.LA(1));
    });
    try {
      parse();
    } finally {
      this.ACTION(() => this.depth--);
    }
  }

  // ---- file and declarations --------------------------------------------------------------------------------

  public file = this.RULE("file", () => {
    this.MANY(() => this.SUBRULE(this.declaration));
  });

  private declaration = this.RULE("declaration", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.gameDecl) },
      { ALT: () => this.SUBRULE(this.enumDecl) },
      { ALT: () => this.SUBRULE(this.recordDecl) },
      { ALT: () => this.SUBRULE(this.constDecl) },
      // `table` is not reserved (a game may well have a field called table): recognised by its text here.
      { GATE: () => this.LA(1).image === "table", ALT: () => this.SUBRULE(this.tableDecl) },
      { ALT: () => this.SUBRULE(this.paramDecl) },
      { ALT: () => this.SUBRULE(this.perPlayerDecl) },
      { ALT: () => this.SUBRULE(this.globalDecl) },
      // `derived` is not reserved either: a field block after the word declares data derived from the setup.
      {
        GATE: () => this.LA(1).image === "derived" && this.LA(2).tokenType === T.LBrace,
        ALT: () => this.SUBRULE(this.derivedDecl),
      },
      // `way` is not reserved either: recognised by its text before a name and a parameter list.
      {
        GATE: () =>
          this.LA(1).image === "way" && this.LA(2).tokenType === T.Identifier && this.LA(3).tokenType === T.LParen,
        ALT: () => this.SUBRULE(this.wayDecl),
      },
      { ALT: () => this.SUBRULE(this.fnDecl) },
      { ALT: () => this.SUBRULE(this.procDecl) },
      { ALT: () => this.SUBRULE(this.actionDecl) },
      { ALT: () => this.SUBRULE(this.setupDecl) },
      { ALT: () => this.SUBRULE(this.flowDecl) },
      { ALT: () => this.SUBRULE(this.scoringDecl) },
      // `abandon "reason" when ...`: not reserved either (recognised by the text after it).
      {
        GATE: () => this.LA(1).image === "abandon" && this.LA(2).tokenType === T.StringLiteral,
        ALT: () => this.SUBRULE(this.abandonDecl),
      },
      { ALT: () => this.SUBRULE(this.variantDecl) },
      // `test fn f(...)`: a helper only tests may call.
      { GATE: () => this.LA(2).tokenType === T.Fn, ALT: () => this.SUBRULE(this.testFnDecl) },
      { ALT: () => this.SUBRULE(this.testDecl) },
    ]);
  });

  /** game "Title" { players 3..6 } */
  private gameDecl = this.RULE("gameDecl", () => {
    this.CONSUME(T.Game);
    this.CONSUME(T.StringLiteral);
    this.CONSUME(T.LBrace);
    this.CONSUME(T.Identifier); // `players`
    this.CONSUME(T.IntLiteral);
    this.CONSUME(T.DotDot);
    this.CONSUME2(T.IntLiteral);
    this.CONSUME(T.RBrace);
  });

  /** enum Suit { hearts, spades }, or with members that carry values: enum Slot { tile(id: int), die } */
  private enumDecl = this.RULE("enumDecl", () => {
    this.CONSUME(T.Enum);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.enumMember) });
    this.CONSUME(T.RBrace);
  });

  private enumMember = this.RULE("enumMember", () => {
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.memberField) });
      this.CONSUME(T.RParen);
    });
  });

  private memberField = this.RULE("memberField", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.OPTION({
      GATE: () => this.LA(1).image === "shown" && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        this.CONSUME2(T.Identifier);
        this.CONSUME(T.StringLiteral);
      },
    });
  });

  private recordDecl = this.RULE("recordDecl", () => {
    this.CONSUME(T.Record);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.fieldBlock);
  });

  /** per player { ... }, or per <procedure> { ... }: fields of each run of a procedure (`per playerTurn`) */
  private perPlayerDecl = this.RULE("perPlayerDecl", () => {
    this.CONSUME(T.Per);
    this.CONSUME(T.Identifier); // `player`, or a procedure's name
    this.SUBRULE(this.fieldBlock);
  });

  private globalDecl = this.RULE("globalDecl", () => {
    this.CONSUME(T.Global);
    this.SUBRULE(this.fieldBlock);
  });

  private derivedDecl = this.RULE("derivedDecl", () => {
    this.CONSUME(T.Identifier); // `derived`
    this.SUBRULE(this.fieldBlock);
  });

  private fieldBlock = this.RULE("fieldBlock", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.field));
    this.CONSUME(T.RBrace);
  });

  /** name: type [= initial] [on grid(w, h)] [public | private | hidden | visible if cond] [from deck] [shown "text"] */
  private field = this.RULE("field", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.OPTION(() => {
      this.CONSUME(T.Assign);
      this.SUBRULE(this.expr);
    });
    // `on grid(COLUMNS, ROWS)`: the bounded grid a map of cells lies on (`on` and `grid` are not reserved).
    this.OPTION5({
      GATE: () => this.LA(1).image === "on" && this.LA(2).image === "grid" && this.LA(3).tokenType === T.LParen,
      DEF: () => {
        this.CONSUME5(T.Identifier, { LABEL: "on" });
        this.CONSUME6(T.Identifier, { LABEL: "grid" });
        this.CONSUME(T.LParen);
        this.SUBRULE2(this.expr, { LABEL: "gridWidth" });
        this.CONSUME(T.Comma);
        this.SUBRULE3(this.expr, { LABEL: "gridHeight" });
        this.CONSUME(T.RParen);
      },
    });
    this.OPTION2(() => this.SUBRULE(this.visibility));
    // `from combatDeck`: the cards of a hidden hand are dealt from that deck (`from` is not reserved).
    this.OPTION4({
      GATE: () => this.LA(1).image === "from" && this.LA(2).tokenType === T.Identifier,
      DEF: () => {
        this.CONSUME3(T.Identifier, { LABEL: "from" });
        this.CONSUME4(T.Identifier, { LABEL: "deck" });
      },
    });
    // `shown` is not reserved: recognised by its text, followed by the text players see instead of the value.
    this.OPTION3({
      GATE: () => this.LA(1).image === "shown" && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        this.CONSUME2(T.Identifier);
        this.CONSUME(T.StringLiteral);
      },
    });
  });

  private visibility = this.RULE("visibility", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Public) },
      { ALT: () => this.CONSUME(T.Private) },
      { ALT: () => this.CONSUME(T.Hidden) },
      // `values hidden`: a map whose keys everyone sees, its values nobody (`values` is not reserved).
      {
        GATE: () => this.LA(1).image === "values",
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.CONSUME2(T.Hidden);
        },
      },
      // `elements private`: a list whose size everyone sees, its elements only its owner (`elements` is not reserved).
      {
        GATE: () => this.LA(1).image === "elements" && this.LA(2).tokenType === T.Private,
        ALT: () => {
          this.CONSUME2(T.Identifier);
          this.CONSUME2(T.Private);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Visible);
          this.CONSUME(T.If);
          this.SUBRULE(this.expr);
        },
      },
    ]);
  });

  private constDecl = this.RULE("constDecl", () => {
    this.CONSUME(T.Const);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.typeExpr);
    });
    this.CONSUME(T.Assign);
    this.SUBRULE(this.expr);
  });

  /**
   * A data table, one record per row, written like a Markdown table:
   * table TILES of Tile { | name | cost | \n | "Farm" | 2 | ... }
   */
  private tableDecl = this.RULE("tableDecl", () => {
    this.CONSUME(T.Identifier); // `table`
    this.CONSUME2(T.Identifier);
    this.CONSUME3(T.Identifier); // `of`
    this.CONSUME4(T.Identifier);
    // `key id`: the column that names each row (`rowOf(SHIPS, "G08")`).
    this.OPTION(() => {
      this.CONSUME5(T.Identifier, { LABEL: "key" });
      this.CONSUME6(T.Identifier, { LABEL: "keyColumn" });
    });
    this.CONSUME(T.LBrace);
    this.AT_LEAST_ONE(() => this.SUBRULE(this.tableRow));
    this.CONSUME(T.RBrace);
  });

  /** `| "Farm" | 2 |  |`: a row is one line; a blank cell takes the field's default. */
  private tableRow = this.RULE("tableRow", () => {
    const opening = this.CONSUME(T.Pipe);
    this.AT_LEAST_ONE({
      // The row goes on while the next cell is on its line: the next row starts with a `|` too.
      GATE: () => this.LA(1).startLine === opening.startLine,
      DEF: () => {
        this.OPTION(() => this.SUBRULE(this.expr));
        this.CONSUME2(T.Pipe);
      },
    });
  });

  private paramDecl = this.RULE("paramDecl", () => {
    this.CONSUME(T.Param);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.CONSUME(T.Assign);
    this.SUBRULE(this.expr);
  });

  private paramList = this.RULE("paramList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.paramSpec) });
    this.CONSUME(T.RParen);
  });

  /** name: Type [in list] */
  private paramSpec = this.RULE("paramSpec", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.OPTION(() => {
      this.CONSUME(T.In);
      this.SUBRULE(this.expr);
    });
  });

  /** fn name(params): Type = expr, or fn name(params): Type { statements ... return expr } */
  private fnDecl = this.RULE("fnDecl", () => {
    this.CONSUME(T.Fn);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Assign);
          this.SUBRULE(this.expr);
        },
      },
      { ALT: () => this.SUBRULE(this.block) },
    ]);
  });

  /** way name(params) { h from start  within: k  cost: ...  enter: ...  stop: ... }: a way's rules, said once */
  private wayDecl = this.RULE("wayDecl", () => {
    this.CONSUME(T.Identifier, { LABEL: "way" });
    this.CONSUME2(T.Identifier, { LABEL: "name" });
    this.SUBRULE(this.paramList);
    this.CONSUME(T.LBrace);
    this.CONSUME3(T.Identifier, { LABEL: "binder" });
    this.CONSUME4(T.Identifier, { LABEL: "from" });
    this.SUBRULE(this.expr, { LABEL: "start" });
    this.MANY(() => this.SUBRULE(this.wayRule));
    this.CONSUME(T.RBrace);
  });

  /** within: expr, cost: expr ... (one of a way's rules) */
  private wayRule = this.RULE("wayRule", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expr);
  });

  /** proc name(params) { ... }, or proc name(params): Type { ... return expr } for one that gives a value */
  private procDecl = this.RULE("procDecl", () => {
    this.CONSUME(T.Proc);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.typeExpr);
    });
    this.SUBRULE(this.block);
  });

  /** action Name(params) ["label shown to players"] { ... } */
  private actionDecl = this.RULE("actionDecl", () => {
    this.CONSUME(T.Action);
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.SUBRULE(this.paramList));
    this.OPTION2(() => this.CONSUME(T.StringLiteral));
    this.SUBRULE(this.block);
  });

  private setupDecl = this.RULE("setupDecl", () => {
    this.CONSUME(T.Setup);
    this.SUBRULE(this.block);
  });

  private flowDecl = this.RULE("flowDecl", () => {
    this.CONSUME(T.Flow);
    this.SUBRULE(this.block);
  });

  /** scoring { score p: expr  tiebreak [lowest] p: expr ...  progress p: expr } */
  private scoringDecl = this.RULE("scoringDecl", () => {
    this.CONSUME(T.Scoring);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.scoreRule));
    this.CONSUME(T.RBrace);
  });

  private scoreRule = this.RULE("scoreRule", () => {
    this.CONSUME(T.Identifier); // `score`, `tiebreak` or `progress`
    this.OPTION({
      GATE: () => this.LA(2).tokenType === T.Identifier,
      DEF: () => this.CONSUME2(T.Identifier), // `lowest`
    });
    this.CONSUME3(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expr);
  });

  /** abandon "reason" when expr: machine players give up a game where the condition holds */
  private abandonDecl = this.RULE("abandonDecl", () => {
    this.CONSUME(T.Identifier); // `abandon`
    this.CONSUME(T.StringLiteral);
    this.CONSUME2(T.Identifier); // `when`
    this.SUBRULE(this.expr);
  });

  /** variant name "Title" { set NAME = expr ... replaced fn/proc/action ... } */
  private variantDecl = this.RULE("variantDecl", () => {
    this.CONSUME(T.Variant);
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.CONSUME(T.StringLiteral));
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.variantSet) },
        { ALT: () => this.SUBRULE(this.fnDecl) },
        { ALT: () => this.SUBRULE(this.procDecl) },
        { ALT: () => this.SUBRULE(this.actionDecl) },
      ]),
    );
    this.CONSUME(T.RBrace);
  });

  private variantSet = this.RULE("variantSet", () => {
    this.CONSUME(T.Identifier); // `set`
    this.CONSUME2(T.Identifier);
    this.CONSUME(T.Assign);
    this.SUBRULE(this.expr);
  });

  private testFnDecl = this.RULE("testFnDecl", () => {
    this.CONSUME(T.Test);
    this.SUBRULE(this.fnDecl);
  });

  private testDecl = this.RULE("testDecl", () => {
    this.CONSUME(T.Test);
    this.CONSUME(T.StringLiteral);
    // `test "b" from "a"`: starts where test "a" ends (`from` is not reserved).
    this.OPTION({
      GATE: () => this.LA(1).image === "from" && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        this.CONSUME(T.Identifier, { LABEL: "from" });
        this.CONSUME2(T.StringLiteral, { LABEL: "base" });
      },
    });
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.testStep));
    this.CONSUME(T.RBrace);
  });

  private testStep = this.RULE("testStep", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.testSetting) },
      { ALT: () => this.SUBRULE(this.testVariant) },
      {
        ALT: () => {
          this.CONSUME(T.Given);
          this.SUBRULE(this.block);
        },
      },
      { ALT: () => this.SUBRULE(this.testPlay) },
      { ALT: () => this.SUBRULE(this.testExpect) },
      {
        // `save and restore`: the game goes on from a save of itself.
        GATE: () => this.LA(1).image === "save" && this.LA(2).tokenType === T.And,
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: "save" });
          this.CONSUME(T.And);
          this.CONSUME2(T.Identifier, { LABEL: "restore" });
        },
      },
    ]);
  });

  /** `players 4`, `seed 7`, `random 0, 2` */
  private testSetting = this.RULE("testSetting", () => {
    this.CONSUME(T.Identifier);
    // `random setup 2, 0`: the random results the setup takes first.
    this.OPTION(() => this.CONSUME(T.Setup));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.IntLiteral) });
  });

  private testVariant = this.RULE("testVariant", () => {
    this.CONSUME(T.Variant);
    this.CONSUME(T.Identifier);
  });

  /** `play 0 Attack(2)` */
  private testPlay = this.RULE("testPlay", () => {
    this.CONSUME(T.Play);
    this.OR([
      {
        // `play until Move`: first answers until the decision is offered.
        GATE: () => this.LA(1).image === "until",
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: "until" });
          this.CONSUME2(T.Identifier, { LABEL: "decision" });
        },
      },
      { ALT: () => this.SUBRULE(this.testAction) },
    ]);
  });

  private testAction = this.RULE("testAction", () => {
    this.CONSUME(T.IntLiteral);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr) });
      this.CONSUME(T.RParen);
    });
  });

  /**
   * `expect refused 1 Pass "message"`, `expect asked 1 kit`, `expect offered 1 kit(sword), kit(axe)`,
   * `expect 1 sees deck == 12`, `expect about 50% within 8%: <condition>`,
   * `expect always in 50 random games: <condition>` or `expect <condition>`. The words after `expect` are not
   * reserved: each is told apart by what follows it.
   */
  private testExpect = this.RULE("testExpect", () => {
    this.CONSUME(T.Expect);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Refused);
          this.SUBRULE(this.testAction);
          this.OPTION(() => this.CONSUME(T.StringLiteral));
        },
      },
      {
        GATE: () => this.LA(1).image === "asked" && this.LA(2).tokenType === T.IntLiteral,
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: "asked" });
          this.CONSUME(T.IntLiteral);
          this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "decision" }) });
        },
      },
      {
        GATE: () => this.LA(1).image === "offered" && this.LA(2).tokenType === T.IntLiteral,
        ALT: () => {
          this.CONSUME3(T.Identifier, { LABEL: "offered" });
          this.CONSUME2(T.IntLiteral);
          this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.testAnswer) });
        },
      },
      {
        GATE: () => this.LA(1).tokenType === T.IntLiteral && this.LA(2).image === "sees",
        ALT: () => {
          this.CONSUME3(T.IntLiteral);
          this.CONSUME4(T.Identifier, { LABEL: "sees" });
          this.SUBRULE(this.expr);
        },
      },
      {
        GATE: () => this.LA(1).image === "about" && this.LA(2).tokenType === T.IntLiteral,
        ALT: () => {
          this.CONSUME5(T.Identifier, { LABEL: "about" });
          this.CONSUME4(T.IntLiteral);
          this.CONSUME(T.Percent);
          this.CONSUME6(T.Identifier, { LABEL: "within" });
          this.CONSUME5(T.IntLiteral);
          this.CONSUME2(T.Percent);
          this.CONSUME(T.Colon);
          this.SUBRULE2(this.expr);
        },
      },
      {
        GATE: () => this.LA(1).image === "always" && this.LA(2).tokenType === T.In,
        ALT: () => {
          this.CONSUME7(T.Identifier, { LABEL: "always" });
          this.CONSUME(T.In);
          this.CONSUME6(T.IntLiteral);
          this.CONSUME8(T.Identifier, { LABEL: "random" });
          this.CONSUME9(T.Identifier, { LABEL: "games" });
          this.CONSUME2(T.Colon);
          this.SUBRULE3(this.expr);
        },
      },
      { ALT: () => this.SUBRULE4(this.expr) },
    ]);
  });

  /** `kit(sword)`: an answer without its seat, as `expect offered` lists them. */
  private testAnswer = this.RULE("testAnswer", () => {
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr) });
      this.CONSUME(T.RParen);
    });
  });

  // ---- types ------------------------------------------------------------------------------------------------

  private typeExpr = this.RULE("typeExpr", () => {
    this.OR([
      {
        // `deck` is not reserved either.
        GATE: () => this.LA(1).image === "deck" && this.LA(2).tokenType === T.Less,
        ALT: () => {
          this.CONSUME3(T.Identifier);
          this.CONSUME3(T.Less);
          this.deeper(() => this.SUBRULE4(this.typeExpr));
          this.CONSUME3(T.Greater);
          // `deck<Event> never reshuffled`: its discard pile does not come back when the pile runs out.
          this.OPTION2({
            GATE: () => this.LA(1).image === "never" && this.LA(2).image === "reshuffled",
            DEF: () => {
              this.CONSUME4(T.Identifier, { LABEL: "never" });
              this.CONSUME5(T.Identifier, { LABEL: "reshuffled" });
            },
          });
        },
      },
      {
        // `map` is not reserved: a game may well have a field called map.
        GATE: () => this.LA(1).image === "map" && this.LA(2).tokenType === T.Less,
        ALT: () => {
          this.CONSUME2(T.Identifier);
          this.CONSUME2(T.Less);
          this.deeper(() => this.SUBRULE2(this.typeExpr));
          this.CONSUME(T.Comma);
          this.deeper(() => this.SUBRULE3(this.typeExpr));
          this.CONSUME2(T.Greater);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.List);
          this.CONSUME(T.Less);
          this.deeper(() => this.SUBRULE(this.typeExpr));
          this.CONSUME(T.Greater);
        },
      },
      {
        ALT: () => {
          this.OPTION3(() => this.CONSUME(T.Minus)); // `-1..1`
          this.CONSUME(T.IntLiteral);
          this.CONSUME(T.DotDot);
          // A number, or (in a choice) a value: `0..me.coins`. The checker says where a value may bound a range.
          // None: `cp: 0..`, a count that never goes below 0 and has no top. What follows such a range is never its
          // bound: the next field's name and its colon, a member's `shown "..."`, or the block a function opens.
          this.OPTION4({
            GATE: () =>
              this.LA(1).tokenType !== T.LBrace &&
              !(
                this.LA(1).tokenType === T.Identifier &&
                (this.LA(2).tokenType === T.Colon || this.LA(2).tokenType === T.StringLiteral)
              ),
            DEF: () => this.SUBRULE(this.arithmetic),
          });
        },
      },
      { ALT: () => this.CONSUME(T.Identifier) },
    ]);
    this.OPTION(() => this.CONSUME(T.Question));
  });

  // ---- statements -------------------------------------------------------------------------------------------

  private block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.statement));
    this.CONSUME(T.RBrace);
  });

  private statement = this.RULE("statement", () => {
    // Two tokens tell the statements apart (a keyword, or a name and what follows it); computing paths of four
    // through the whole expression grammar took most of a small file's check.
    this.OR({
      MAX_LOOKAHEAD: 2,
      DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        // A `match` in statement position is the statement; its expression form has no use as a statement.
        { ALT: () => this.SUBRULE(this.matchStmt), IGNORE_AMBIGUITIES: true },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.requireStmt) },
        { ALT: () => this.SUBRULE(this.chooseStmt) },
        { ALT: () => this.SUBRULE(this.actStmt) },
        { ALT: () => this.SUBRULE(this.allowStmt) },
        // `completing` is not reserved: the word and a block after it make the statement.
        {
          GATE: () =>
            this.LA(1).image === "completing" && (this.LA(2).tokenType === T.LBrace || this.LA(2).tokenType === T.Else),
          ALT: () => this.SUBRULE(this.completingStmt),
        },
        { ALT: () => this.SUBRULE(this.addStmt) },
        { ALT: () => this.SUBRULE(this.removeStmt) },
        { ALT: () => this.SUBRULE(this.shuffleStmt) },
        // `end "Event deck empty"`: the reason is how the game ended, for simulations' summaries.
        {
          ALT: () => {
            this.CONSUME(T.End);
            this.OPTION(() => this.CONSUME(T.StringLiteral));
          },
        },
        { ALT: () => this.CONSUME(T.Break) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        // `window` is not reserved: a name and a text after it make the statement.
        {
          GATE: () =>
            this.LA(1).image === "window" &&
            this.LA(2).tokenType === T.Identifier &&
            this.LA(3).tokenType === T.StringLiteral,
          ALT: () => this.SUBRULE(this.windowStmt),
        },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ],
    });
  });

  /** window glory "after the Seamanship rolls": PlayGlory | Decline by order */
  private windowStmt = this.RULE("windowStmt", () => {
    this.CONSUME(T.Identifier); // `window`
    this.CONSUME2(T.Identifier);
    this.CONSUME(T.StringLiteral);
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.CONSUME3(T.Identifier) });
    this.CONSUME(T.By);
    this.SUBRULE(this.expr);
  });

  /** let name [: Type] = value */
  private letStmt = this.RULE("letStmt", () => {
    this.CONSUME(T.Let);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.typeExpr);
    });
    this.CONSUME(T.Assign);
    this.SUBRULE(this.expr);
  });

  /** if cond { ... } [else ...], or `if let x = optional { ... }`: the block runs with `x` bound when it is not none */
  private ifStmt = this.RULE("ifStmt", () => {
    this.CONSUME(T.If);
    this.OPTION2(() => {
      this.CONSUME(T.Let);
      this.CONSUME(T.Identifier);
      this.CONSUME(T.Assign);
    });
    this.SUBRULE(this.expr);
    this.SUBRULE(this.block);
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.OR([{ ALT: () => this.deeper(() => this.SUBRULE(this.ifStmt)) }, { ALT: () => this.SUBRULE2(this.block) }]);
    });
  });

  /** match value { tile(id) => ... figure(p) => { ... } die => ... _ => ... } */
  private matchStmt = this.RULE("matchStmt", () => {
    this.CONSUME(T.Match);
    this.SUBRULE(this.expr);
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      this.SUBRULE(this.pattern);
      this.CONSUME(T.Arrow);
      this.OR([
        // `=> { ... }` is a block (a statement cannot start with a map).
        { ALT: () => this.SUBRULE(this.block) },
        { ALT: () => this.deeper(() => this.SUBRULE(this.statement)), IGNORE_AMBIGUITIES: true },
      ]);
    });
    this.CONSUME(T.RBrace);
  });

  /** `figure(p)`, `tile(_)`, `die`, `none`, or `_` for everything else */
  private pattern = this.RULE("pattern", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.None) },
      {
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier) });
            this.CONSUME(T.RParen);
          });
        },
      },
    ]);
  });

  /** `return value`, the value starting on the line of `return`; a bare `return` ends its line. */
  private returnStmt = this.RULE("returnStmt", () => {
    const word = this.CONSUME(T.Return);
    this.OPTION({
      GATE: () => this.LA(1).tokenType !== T.RBrace && this.LA(1).startLine === word.startLine,
      DEF: () => this.SUBRULE(this.expr),
    });
  });

  /**
   * `for x in list { }`; `for x in list chosen by p [shown "..."] [where c [else "..."]] { }` takes every element once, in the order p picks;
   * `for some x in list chosen by p ...` lets p stop at any pick. (`some` and `chosen` are not reserved.)
   */
  private forStmt = this.RULE("forStmt", () => {
    this.CONSUME(T.For);
    this.OPTION({
      GATE: () => this.LA(1).image === "some" && this.LA(2).tokenType === T.Identifier,
      DEF: () => this.CONSUME2(T.Identifier),
    });
    this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    this.SUBRULE(this.expr);
    this.OPTION2({
      GATE: () => this.LA(1).image === "chosen" && this.LA(2).tokenType === T.By,
      DEF: () => {
        this.CONSUME3(T.Identifier);
        this.CONSUME(T.By);
        this.SUBRULE2(this.expr);
        // `taking n`: n picks at most (exactly n without `some`, when there are that many).
        this.OPTION6({
          GATE: () => this.LA(1).image === "taking",
          DEF: () => {
            this.CONSUME5(T.Identifier);
            this.SUBRULE5(this.expr);
          },
        });
        // `shown "..."`: how each pick reads to players, as for `choose`.
        this.OPTION4({
          GATE: () => this.LA(1).image === "shown" && this.LA(2).tokenType === T.StringLiteral,
          DEF: () => {
            this.CONSUME4(T.Identifier);
            this.CONSUME(T.StringLiteral);
          },
        });
        this.OPTION3(() => {
          this.CONSUME(T.Where);
          this.SUBRULE3(this.expr);
          this.OPTION5(() => {
            this.CONSUME(T.Else);
            this.CONSUME2(T.StringLiteral);
          });
        });
      },
    });
    this.SUBRULE(this.block);
  });

  private whileStmt = this.RULE("whileStmt", () => {
    this.CONSUME(T.While);
    this.SUBRULE(this.expr);
    this.SUBRULE(this.block);
  });

  private repeatStmt = this.RULE("repeatStmt", () => {
    this.CONSUME(T.Repeat);
    this.SUBRULE(this.expr);
    this.SUBRULE(this.block);
  });

  /** require cond else "message", or `require let x = optional else "message"`: x is bound for the rest */
  private requireStmt = this.RULE("requireStmt", () => {
    this.CONSUME(T.Require);
    this.OPTION(() => {
      this.CONSUME(T.Let);
      this.CONSUME(T.Identifier);
      this.CONSUME(T.Assign);
    });
    this.SUBRULE(this.expr);
    this.CONSUME(T.Else);
    this.CONSUME(T.StringLiteral);
  });

  /** choose name: Type [in list] by (player | each p in players) [where cond] [else "message"] */
  private chooseStmt = this.RULE("chooseStmt", () => {
    this.CONSUME(T.Choose);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeExpr);
    this.OPTION(() => {
      this.CONSUME(T.In);
      this.SUBRULE(this.expr);
    });
    this.CONSUME(T.By);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Each);
          this.CONSUME2(T.Identifier);
          this.CONSUME2(T.In);
          this.SUBRULE2(this.expr);
        },
      },
      { ALT: () => this.SUBRULE3(this.expr) },
    ]);
    // `when several`: a choice with a single answer takes it without asking (`when` and `several` are not reserved).
    this.OPTION5({
      GATE: () => this.LA(1).image === "when" && this.LA(2).image === "several",
      DEF: () => {
        this.CONSUME4(T.Identifier);
        this.CONSUME5(T.Identifier);
      },
    });
    // `shown "..."`: how each answer reads to players (`shown` is not reserved).
    this.OPTION4({
      GATE: () => this.LA(1).image === "shown" && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => {
        this.CONSUME3(T.Identifier);
        this.CONSUME2(T.StringLiteral);
      },
    });
    this.OPTION2(() => {
      this.CONSUME(T.Where);
      this.SUBRULE4(this.expr);
    });
    this.OPTION3(() => {
      this.CONSUME(T.Else);
      this.CONSUME(T.StringLiteral);
    });
  });

  /** act p: Launch | Return | Attack | Pass; `act p: MoveClan | Promote or stop "End the movement"` repeats the
   * offer until the player stops or none of the actions is allowed (`stop` is not reserved) */
  private actStmt = this.RULE("actStmt", () => {
    this.CONSUME(T.Act);
    this.SUBRULE(this.expr);
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.CONSUME(T.Identifier) });
    this.OPTION({
      GATE: () => this.LA(1).tokenType === T.Or && this.LA(2).image === "stop",
      DEF: () => {
        this.CONSUME(T.Or);
        this.CONSUME2(T.Identifier);
        this.OPTION2(() => this.CONSUME(T.StringLiteral));
      },
    });
  });

  /** allow Sell | Buy by p { ... } (or by a list of players): while the block runs, every decision asked of p also
   * offers these actions; `allow anytime ...` offers them at every decision, whoever is asked */
  private allowStmt = this.RULE("allowStmt", () => {
    this.CONSUME(T.Allow);
    this.OPTION(() => this.CONSUME(T.Anytime));
    this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.CONSUME(T.Identifier) });
    this.CONSUME(T.By);
    this.SUBRULE(this.expr);
    // `here`: only at the decisions the block itself asks, not in the procedures it calls (`here` is not reserved).
    this.OPTION2({
      GATE: () => this.LA(1).image === "here" && this.LA(2).tokenType === T.LBrace,
      DEF: () => this.CONSUME2(T.Identifier),
    });
    this.SUBRULE(this.block);
  });

  /** completing [else "message"] { ... }: the block's decisions offer only answers after which it can still be
   * finished */
  private completingStmt = this.RULE("completingStmt", () => {
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.CONSUME(T.StringLiteral);
    });
    this.SUBRULE(this.block);
  });

  /** add x to list | add x to top of list (`to`, `top` and `of` are not reserved) */
  private addStmt = this.RULE("addStmt", () => {
    this.CONSUME(T.Add);
    this.SUBRULE(this.expr);
    this.CONSUME3(T.Identifier, { LABEL: "to" });
    this.OPTION({
      GATE: () => this.LA(1).image === "top" && this.LA(2).image === "of",
      DEF: () => {
        this.CONSUME(T.Identifier);
        this.CONSUME2(T.Identifier);
      },
    });
    this.SUBRULE2(this.expr);
  });

  /** remove x from list (`from` is not reserved) */
  private removeStmt = this.RULE("removeStmt", () => {
    this.CONSUME(T.Remove);
    this.SUBRULE(this.expr);
    this.CONSUME(T.Identifier, { LABEL: "from" });
    this.SUBRULE2(this.expr);
  });

  private shuffleStmt = this.RULE("shuffleStmt", () => {
    this.CONSUME(T.Shuffle);
    this.SUBRULE(this.expr);
  });

  /** a call, or an assignment: target (= | += | -=) value */
  private exprStmt = this.RULE("exprStmt", () => {
    this.SUBRULE(this.operation); // not `expr`: a statement starting with `if` is an if statement
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Assign) },
        { ALT: () => this.CONSUME(T.PlusAssign) },
        { ALT: () => this.CONSUME(T.MinusAssign) },
      ]);
      this.SUBRULE2(this.expr);
    });
  });

  // ---- expressions ------------------------------------------------------------------------------------------
  // A value is `if c then a else b`, or a chain of operands and operators read flat (`a + b * c < d and not e`):
  // `cst-to-ast-expressions.ts` groups the chain by precedence (`*` before `+`, then `??`, comparisons, `not`, `and`,
  // `or`). One rule per level of precedence would make every number a dozen nodes deep.

  public expr = this.RULE("expr", () => {
    this.OR([
      { ALT: () => this.deeper(() => this.SUBRULE(this.conditional)) },
      // The chain of `operation`, written in place rather than called: one node less for every value of a file.
      { ALT: () => this.chain(5) },
    ]);
  });

  /** if c then a else b */
  private conditional = this.RULE("conditional", () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.expr);
    this.CONSUME(T.Then);
    this.SUBRULE2(this.expr);
    this.CONSUME(T.Else);
    this.SUBRULE3(this.expr);
  });

  /** A value that cannot be `if c then a else b`: what a statement starts with (`if` starts an if statement). */
  private operation = this.RULE("operation", () => this.chain(0));

  /**
   * Operands joined by operators, and `x is member` tests (whether a value is that member of its enum). `idx` numbers
   * its calls apart from those of the rule it is part of, as Chevrotain requires.
   */
  private chain(idx: number): void {
    this.subrule(idx, this.operand);
    this.many(idx, () => {
      this.or(idx, [
        {
          ALT: () => {
            this.consume(idx, T.BinaryOperator);
            this.subrule(idx + 1, this.operand);
          },
        },
        {
          ALT: () => {
            this.consume(idx + 1, T.Is);
            this.consume(idx + 2, T.Identifier);
          },
        },
      ]);
    });
  }

  /** The bound of a range (`1..size(hand) - 1`): numbers only, so that the `>` of `list<0..3>` closes the type. */
  private arithmetic = this.RULE("arithmetic", () => {
    this.SUBRULE(this.operand);
    this.MANY(() => {
      this.CONSUME(T.ArithmeticOperator);
      this.SUBRULE2(this.operand);
    });
  });

  /** A value with what comes before it (`not`, `-`) and after it (`.field`, `[index]`). */
  private operand = this.RULE("operand", () => {
    let prefixes = 0;
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Not) }, { ALT: () => this.CONSUME(T.Minus) }]);
      this.ACTION(() => {
        if (++prefixes > MAX_CHAIN_DEPTH) throw new NestingTooDeep(this.LA(1));
      });
    });
    this.OR2([
      { ALT: () => this.CONSUME(T.IntLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.None) },
      {
        // `can pay(p, cost)`: `can` is not reserved, read as a word only before a call on its line.
        GATE: () =>
          this.LA(1).image === "can" &&
          this.LA(2).tokenType === T.Identifier &&
          this.LA(2).startLine === this.LA(1).startLine &&
          this.LA(3).tokenType === T.LParen,
        ALT: () => this.SUBRULE(this.canExpr),
        IGNORE_AMBIGUITIES: true,
      },
      {
        // A name, or a call: `name(args)`, `agg(x in list: body)` (written here, not as a rule of its own: one node
        // less for every name of a file).
        ALT: () => {
          this.CONSUME2(T.Identifier, { LABEL: "callee" });
          this.OPTION(() => {
            this.CONSUME2(T.LParen, { LABEL: "call" });
            this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argument) });
            this.CONSUME2(T.RParen, { LABEL: "callEnd" });
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expr, { LABEL: "inner" });
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.listExpr) },
      { ALT: () => this.SUBRULE(this.matchExpr) },
      { ALT: () => this.SUBRULE(this.mapExpr) },
    ]);
    this.MANY2(() => {
      this.OR3([
        {
          ALT: () => {
            this.CONSUME(T.Dot);
            this.CONSUME(T.Identifier, { LABEL: "member" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            this.SUBRULE2(this.expr, { LABEL: "index" });
            this.CONSUME(T.RBracket);
          },
        },
      ]);
    });
  });

  /** `can pay(p, cost)`: whether a procedure can be played to its end */
  private canExpr = this.RULE("canExpr", () => {
    this.CONSUME(T.Identifier, { LABEL: "can" });
    this.CONSUME2(T.Identifier, { LABEL: "callee" });
    this.CONSUME(T.LParen, { LABEL: "call" });
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argument) });
    this.CONSUME(T.RParen, { LABEL: "callEnd" });
  });

  /** { key: value, ... } or { key: value for x in list if cond } */
  private mapExpr = this.RULE("mapExpr", () => {
    this.CONSUME(T.LBrace);
    this.OPTION(() => {
      this.SUBRULE(this.expr);
      this.CONSUME(T.Colon);
      this.SUBRULE2(this.expr);
      this.OR([
        { ALT: () => this.SUBRULE(this.generator) },
        {
          ALT: () => {
            this.MANY(() => {
              this.CONSUME(T.Comma);
              this.SUBRULE3(this.expr);
              this.CONSUME2(T.Colon);
              this.SUBRULE4(this.expr);
            });
          },
        },
      ]);
    });
    this.CONSUME(T.RBrace);
  });

  /** match value { tile(id) => id, _ => 0 }: the value of the arm that matches */
  private matchExpr = this.RULE("matchExpr", () => {
    this.CONSUME(T.Match);
    this.SUBRULE(this.expr);
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      this.SUBRULE(this.pattern);
      this.CONSUME(T.Arrow);
      this.SUBRULE2(this.expr);
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RBrace);
  });

  /**
   * `x in list[: body][ else value]` (aggregate binder), `h from start` (a way's square, in `reachable` and `route`),
   * `name: value` (named), or a plain expression
   */
  private argument = this.RULE("argument", () => {
    this.OR([
      {
        // `from` is not reserved: recognised by its text after a name.
        GATE: () =>
          this.LA(1).tokenType === T.Identifier && this.LA(2).tokenType === T.Identifier && this.LA(2).image === "from",
        ALT: () => {
          this.CONSUME3(T.Identifier, { LABEL: "binder" });
          this.CONSUME4(T.Identifier, { LABEL: "from" });
          this.SUBRULE6(this.expr, { LABEL: "start" });
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.In,
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.CONSUME(T.In);
          this.SUBRULE(this.expr);
          this.OPTION(() => {
            this.CONSUME(T.Colon);
            this.SUBRULE2(this.expr);
          });
          // `min(x in list: e else 0)`: the value when the list is empty.
          this.OPTION2(() => {
            this.CONSUME(T.Else);
            this.SUBRULE5(this.expr);
          });
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.Colon,
        ALT: () => {
          this.CONSUME2(T.Identifier);
          this.CONSUME2(T.Colon);
          this.SUBRULE3(this.expr);
        },
      },
      { ALT: () => this.SUBRULE4(this.expr) },
    ]);
  });

  /** [a, b, c] or [expr for x in list if cond], with several `for`s nested left to right */
  private listExpr = this.RULE("listExpr", () => {
    this.CONSUME(T.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.expr);
      this.OR([
        { ALT: () => this.AT_LEAST_ONE(() => this.SUBRULE(this.generator)) },
        {
          ALT: () => {
            this.MANY(() => {
              this.CONSUME(T.Comma);
              this.SUBRULE2(this.expr);
            });
          },
        },
      ]);
    });
    this.CONSUME(T.RBracket);
  });

  /** `for x in list [if cond]`: the tail of a list or map comprehension */
  private generator = this.RULE("generator", () => {
    this.CONSUME(T.For);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    this.SUBRULE(this.expr);
    this.OPTION(() => {
      this.CONSUME(T.If);
      this.SUBRULE2(this.expr);
    });
  });
}

export const rulesParser = new RulesParser();

export interface ParseOutput {
  cst: CstNode | undefined;
  tokens: IToken[];
}
