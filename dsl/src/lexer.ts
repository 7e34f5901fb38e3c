/**
 * Tokens of the rules language (source text -> tokens). Token definitions live beside the grammar (`parser.ts`), as
 * in Chevrotain's own examples.
 *
 * Reserved words are few on purpose: words a designer might want as a field name (`score`, `players`, `seed`, `top`)
 * are ordinary identifiers that the grammar recognises by their text where it needs them.
 */
import { createToken, Lexer, type TokenType } from "chevrotain";

export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/ });

/**
 * The operators that stand between two operands, as categories: the grammar reads an operand and the operators and
 * operands after it as one flat chain (`a + b * c < d and e`), and `cst-to-ast-expressions.ts` groups it by
 * precedence. One rule for the chain rather than one per level of precedence keeps the syntax tree of a value small
 * (a number used to be a dozen nodes deep), which is most of what parsing a file costs.
 */
export const BinaryOperator = createToken({ name: "BinaryOperator", pattern: Lexer.NA });
/** The operators of numbers and lists alone, which bound a range (`0..size(hand) - 1`) where a `<` or `>` may follow. */
export const ArithmeticOperator = createToken({
  name: "ArithmeticOperator",
  pattern: Lexer.NA,
  categories: [BinaryOperator],
});

const keywordTokens: TokenType[] = [];
function keyword(word: string, categories: TokenType[] = []): TokenType {
  const t = createToken({
    name: word[0]!.toUpperCase() + word.slice(1),
    pattern: new RegExp(word),
    longer_alt: Identifier,
    categories,
  });
  keywordTokens.push(t);
  return t;
}

export const Game = keyword("game");
export const Enum = keyword("enum");
export const Record = keyword("record");
export const Const = keyword("const");
export const Param = keyword("param");
export const Per = keyword("per");
export const Global = keyword("global");
export const Fn = keyword("fn");
export const Proc = keyword("proc");
export const Action = keyword("action");
export const Setup = keyword("setup");
export const Flow = keyword("flow");
export const Scoring = keyword("scoring");
export const Variant = keyword("variant");
export const Test = keyword("test");
export const Given = keyword("given");
export const Expect = keyword("expect");
export const Play = keyword("play");
export const Refused = keyword("refused");
export const Let = keyword("let");
export const If = keyword("if");
export const Then = keyword("then");
export const Else = keyword("else");
export const For = keyword("for");
export const In = keyword("in");
export const While = keyword("while");
export const Repeat = keyword("repeat");
export const Require = keyword("require");
export const Choose = keyword("choose");
export const By = keyword("by");
export const Each = keyword("each");
export const Where = keyword("where");
export const Act = keyword("act");
export const Allow = keyword("allow");
export const Anytime = keyword("anytime");
export const Add = keyword("add");
export const Remove = keyword("remove");
export const Shuffle = keyword("shuffle");
export const End = keyword("end");
export const Break = keyword("break");
export const Return = keyword("return");
export const True = keyword("true");
export const False = keyword("false");
export const And = keyword("and", [BinaryOperator]);
export const Or = keyword("or", [BinaryOperator]);
export const Not = keyword("not");
export const Public = keyword("public");
export const Private = keyword("private");
export const Hidden = keyword("hidden");
export const Visible = keyword("visible");
export const List = keyword("list");
export const None = keyword("none");
export const Match = keyword("match");
export const Is = keyword("is");

export const IntLiteral = createToken({ name: "IntLiteral", pattern: /\d+/ });
/** A string on one line; `\"` and `\\` escape. An unterminated string is its own token so the error is precise. */
export const StringLiteral = createToken({ name: "StringLiteral", pattern: /"(?:[^"\\\r\n]|\\.)*"/ });
export const UnterminatedString = createToken({ name: "UnterminatedString", pattern: /"(?:[^"\\\r\n]|\\.)*/ });

export const DotDot = createToken({ name: "DotDot", pattern: /\.\./ });
export const Dot = createToken({ name: "Dot", pattern: /\./ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
export const Pipe = createToken({ name: "Pipe", pattern: /\|/ });
export const PlusAssign = createToken({ name: "PlusAssign", pattern: /\+=/ });
export const Concat = createToken({ name: "Concat", pattern: /\+\+/, categories: [ArithmeticOperator] });
export const MinusAssign = createToken({ name: "MinusAssign", pattern: /-=/ });
export const EqEq = createToken({ name: "EqEq", pattern: /==/, categories: [BinaryOperator] });
/** `=>`, between a pattern and what it leads to in a `match`. */
export const Arrow = createToken({ name: "Arrow", pattern: /=>/ });
export const NotEq = createToken({ name: "NotEq", pattern: /!=/, categories: [BinaryOperator] });
export const LessEq = createToken({ name: "LessEq", pattern: /<=/, categories: [BinaryOperator] });
export const GreaterEq = createToken({ name: "GreaterEq", pattern: />=/, categories: [BinaryOperator] });
export const Less = createToken({ name: "Less", pattern: /</, categories: [BinaryOperator] });
export const Greater = createToken({ name: "Greater", pattern: />/, categories: [BinaryOperator] });
export const Assign = createToken({ name: "Assign", pattern: /=/ });
export const Plus = createToken({ name: "Plus", pattern: /\+/, categories: [ArithmeticOperator] });
export const Minus = createToken({ name: "Minus", pattern: /-/, categories: [ArithmeticOperator] });
export const Star = createToken({ name: "Star", pattern: /\*/, categories: [ArithmeticOperator] });
export const Slash = createToken({ name: "Slash", pattern: /\//, categories: [ArithmeticOperator] });
export const Percent = createToken({ name: "Percent", pattern: /%/, categories: [ArithmeticOperator] });
/** `a ?? b`: `a` unless it is none. */
export const Coalesce = createToken({ name: "Coalesce", pattern: /\?\?/, categories: [BinaryOperator] });
/** `T?`: a value of T, or none. */
export const Question = createToken({ name: "Question", pattern: /\?/ });

export const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
export const BlockComment = createToken({ name: "BlockComment", pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED });
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /\s+/, group: Lexer.SKIPPED });

export const allTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  StringLiteral,
  UnterminatedString,
  ...keywordTokens,
  Identifier,
  IntLiteral,
  DotDot,
  Dot,
  Comma,
  Colon,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Pipe,
  PlusAssign,
  Concat,
  MinusAssign,
  EqEq,
  Arrow,
  NotEq,
  LessEq,
  GreaterEq,
  Less,
  Greater,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Coalesce,
  Question,
  BinaryOperator,
  ArithmeticOperator,
];

export const rulesLexer = new Lexer(allTokens, { positionTracking: "full", ensureOptimizations: false });

/** Words the language reserves, for hints ("`end` is a reserved word"). */
export const reservedWords: ReadonlySet<string> = new Set(keywordTokens.map((t) => String(t.PATTERN).slice(1, -1)));
