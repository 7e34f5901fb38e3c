/**
 * CST -> AST, declarations: records, tables, functions, procedures, actions, variants, scoring and tests, built on
 * statements (`cst-to-ast-statements.ts`) and expressions and types (`cst-to-ast-expressions.ts`). Runs only on a CST
 * without syntax errors, so every child the grammar requires is present; the contextual words the grammar reads as
 * identifiers (`players`, `score`, `tiebreak`, `set`...) are validated here.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { Codes, error } from "./diagnostics.ts";
import { ABANDON_FORM, GAME_FORM, TEST_SETTING_FORMS, VARIANT_SET_FORM } from "./syntax-hints.ts";
import { StatementBuilder } from "./cst-to-ast-statements.ts";
import { nodes, node, maybeNode, tokens, token, has, tokenSpan, nodeSpan, name, unquote } from "./cst-reading.ts";

/** How the rules that take a word read, for the hints of their syntax errors. */
const SCORING_FORMS = "`score p: ...`, `tiebreak p: ...`, `tiebreak lowest p: ...` or `progress p: ...`";
const ALWAYS_FORM = "`expect always in 50 random games: <condition>`";

export class AstBuilder extends StatementBuilder {
  file(cst: CstNode): A.RulesFile {
    const declarations: A.Declaration[] = [];
    for (const d of nodes(cst, "declaration")) {
      const built = this.declaration(d);
      if (built) declarations.push(built);
    }
    return { path: this.path, declarations };
  }

  private declaration(d: CstNode): A.Declaration | undefined {
    const [key] = Object.keys(d.children);
    const n = node(d, key!);
    const span = nodeSpan(n);
    switch (key) {
      case "gameDecl": {
        this.expectWord(token(n, "Identifier"), ["players"], "in a game declaration", GAME_FORM);
        return {
          kind: "game",
          span,
          title: unquote(token(n, "StringLiteral")),
          minPlayers: this.int(token(n, "IntLiteral", 0)),
          maxPlayers: this.int(token(n, "IntLiteral", 1)),
        };
      }
      case "enumDecl":
        return {
          kind: "enum",
          span,
          name: name(token(n, "Identifier")),
          members: nodes(n, "enumMember").map((m) => ({
            span: nodeSpan(m),
            name: name(token(m, "Identifier")),
            fields: nodes(m, "memberField").map((f) => {
              const shown = tokens(f, "StringLiteral")[0];
              return {
                span: nodeSpan(f),
                name: name(token(f, "Identifier")),
                typeExpr: this.typeExpr(node(f, "typeExpr")),
                ...(shown ? { shown: { span: tokenSpan(shown), ...this.text(shown) } } : {}),
              };
            }),
          })),
        };
      case "recordDecl":
        return { kind: "record", span, name: name(token(n, "Identifier")), fields: this.fields(node(n, "fieldBlock")) };
      case "perPlayerDecl": {
        // `per player { ... }`, or `per playerTurn { ... }`: fields of each run of a procedure.
        const word = token(n, "Identifier");
        if (word.image === "player")
          return { kind: "state", span, scope: "player", fields: this.fields(node(n, "fieldBlock")) };
        return { kind: "state", span, scope: "run", proc: name(word), fields: this.fields(node(n, "fieldBlock")) };
      }
      case "globalDecl":
        return { kind: "state", span, scope: "global", fields: this.fields(node(n, "fieldBlock")) };
      case "derivedDecl":
        return { kind: "state", span, scope: "derived", fields: this.fields(node(n, "fieldBlock")) };
      case "constDecl": {
        const t = maybeNode(n, "typeExpr");
        return {
          kind: "const",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: t ? this.typeExpr(t) : undefined,
          value: this.expr(node(n, "expr")),
        };
      }
      case "tableDecl":
        return this.table(n);
      case "paramDecl":
        return {
          kind: "param",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: this.typeExpr(node(n, "typeExpr")),
          value: this.expr(node(n, "expr")),
        };
      case "fnDecl":
        return this.fnDecl(n);
      case "wayDecl":
        return this.wayDecl(n);
      case "testFnDecl":
        return { ...this.fnDecl(node(n, "fnDecl")), span: nodeSpan(n), testOnly: true };
      case "procDecl":
        return this.procDecl(n);
      case "actionDecl":
        return this.actionDecl(n);
      case "setupDecl":
        return { kind: "setup", span, body: this.block(node(n, "block")) };
      case "flowDecl":
        return { kind: "flow", span, body: this.block(node(n, "block")) };
      case "scoringDecl":
        return this.scoring(n);
      case "abandonDecl": {
        const words = tokens(n, "Identifier");
        if (!this.expectWord(words[1]!, ["when"], "after the reason of `abandon`", ABANDON_FORM)) return undefined;
        return {
          kind: "abandon",
          span,
          reason: unquote(token(n, "StringLiteral")),
          condition: this.expr(node(n, "expr")),
        };
      }
      case "variantDecl":
        return this.variant(n);
      case "testDecl":
        return this.test(n);
      default:
        return undefined;
    }
  }

  /** A row's cells, left to right: a blank cell (`|  |`) is undefined. */
  private tableCells(row: CstNode): (A.Expr | undefined)[] {
    const pipes = tokens(row, "Pipe").map((t) => t.startOffset);
    const exprs = nodes(row, "expr");
    return pipes.slice(1).map((end, i) => {
      const e = exprs.find((x) => (x.location?.startOffset ?? -1) > pipes[i]! && (x.location?.startOffset ?? -1) < end);
      return e ? this.expr(e) : undefined;
    });
  }

  /** A data table is a constant list of records: each row builds one record from the header's field names. */
  private table(n: CstNode): A.ConstDecl | undefined {
    const ids = tokens(n, "Identifier");
    const [nameToken, ofToken, recordToken] = [ids[1]!, ids[2]!, ids[3]!];
    this.expectWord(ofToken, ["of"], "after the table's name", "`table SHIPS of Ship { ... }`");
    const rows = nodes(n, "tableRow").map((r) => ({ span: nodeSpan(r), cells: this.tableCells(r) }));
    const [header, ...data] = rows;
    if (!header) return undefined;
    const columns: A.Name[] = [];
    for (const cell of header.cells) {
      if (cell?.kind !== "name") {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            cell?.span ?? header.span,
            "the first row of a table names its columns",
            "write field names: | name | cost |",
          ),
        );
        return undefined;
      }
      columns.push({ text: cell.name, span: cell.span });
    }
    const record = name(recordToken);
    const elements: A.Expr[] = [];
    for (const row of data) {
      if (row.cells.length !== columns.length) {
        this.diagnostics.push(
          error(
            Codes.syntaxError,
            row.span,
            `this row has ${row.cells.length} cell${row.cells.length === 1 ? "" : "s"}, the header ${columns.length}`,
            "every row of a table has one cell per column",
          ),
        );
        continue;
      }
      elements.push({
        kind: "call",
        span: row.span,
        callee: record,
        args: [],
        // A blank cell names no value: the record's field takes its default.
        namedArgs: row.cells.flatMap((value, i) => (value ? [{ span: value.span, name: columns[i]!, value }] : [])),
      });
    }
    const span = nodeSpan(n);
    const keyWord = tokens(n, "key")[0];
    const keyColumn = tokens(n, "keyColumn")[0];
    if (
      keyWord &&
      !this.expectWord(keyWord, ["key"], "after the table's record type", "`table SHIPS of Ship key id { ... }`")
    )
      return undefined;
    return {
      kind: "const",
      span,
      name: name(nameToken),
      typeExpr: { kind: "list", element: { kind: "named", name: record, span: record.span }, span: record.span },
      value: { kind: "list", span, elements },
      ...(keyColumn ? { key: name(keyColumn) } : {}),
    };
  }

  private fields(block: CstNode): A.FieldDecl[] {
    return nodes(block, "field").map((f) => {
      const v = maybeNode(f, "visibility");
      const init = maybeNode(f, "expr");
      const shown = tokens(f, "StringLiteral")[0];
      const deck = tokens(f, "deck")[0];
      const on = tokens(f, "on")[0];
      const width = maybeNode(f, "gridWidth");
      const height = maybeNode(f, "gridHeight");
      return {
        span: nodeSpan(f),
        name: name(token(f, "Identifier")),
        typeExpr: this.typeExpr(node(f, "typeExpr")),
        initial: init ? this.expr(init) : undefined,
        visibility: v ? this.visibility(v) : { kind: "public" },
        ...(shown ? { shown: { span: tokenSpan(shown), ...this.text(shown) } } : {}),
        ...(deck ? { dealtFrom: name(deck) } : {}),
        ...(on && width && height
          ? {
              grid: {
                span: { ...tokenSpan(on), end: tokenSpan(token(f, "RParen")).end },
                width: this.expr(width),
                height: this.expr(height),
              },
            }
          : {}),
      };
    });
  }

  private visibility(v: CstNode): A.Visibility {
    const span = nodeSpan(v);
    if (has(v, "Private"))
      return has(v, "Identifier") ? { kind: "private", span, sizeShown: true } : { kind: "private", span };
    if (has(v, "Hidden")) return has(v, "Identifier") ? { kind: "valuesHidden", span } : { kind: "hidden", span };
    if (has(v, "Visible")) return { kind: "visibleIf", condition: this.expr(node(v, "expr")), span };
    return { kind: "public" };
  }

  private params(n: CstNode | undefined): A.ParamSpec[] {
    if (!n) return [];
    return nodes(n, "paramSpec").map((p) => {
      const from = maybeNode(p, "expr");
      return {
        span: nodeSpan(p),
        name: name(token(p, "Identifier")),
        typeExpr: this.typeExpr(node(p, "typeExpr")),
        from: from ? this.expr(from) : undefined,
      };
    });
  }

  private fnDecl(n: CstNode): A.FnDecl {
    return {
      kind: "fn",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      returnType: this.typeExpr(node(n, "typeExpr")),
      body: has(n, "block") ? { ...this.block(node(n, "block")), kind: "block" } : this.expr(node(n, "expr")),
    };
  }

  private wayDecl(n: CstNode): A.WayDecl | undefined {
    if (
      !this.expectWord(
        token(n, "from"),
        ["from"],
        "after the square a way's rules speak of",
        "`way sea(p: Player) { h from p.pos ... }`",
      )
    )
      return undefined;
    return {
      kind: "way",
      span: nodeSpan(n),
      name: name(token(n, "name")),
      params: this.params(maybeNode(n, "paramList")),
      binder: name(token(n, "binder")),
      start: this.expr(node(n, "start")),
      rules: nodes(n, "wayRule").map((r) => ({
        span: nodeSpan(r),
        name: name(token(r, "Identifier")),
        value: this.expr(node(r, "expr")),
      })),
    };
  }

  private procDecl(n: CstNode): A.ProcDecl {
    const returnType = maybeNode(n, "typeExpr");
    return {
      kind: "proc",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      ...(returnType ? { returnType: this.typeExpr(returnType) } : {}),
      body: this.block(node(n, "block")),
    };
  }

  private actionDecl(n: CstNode): A.ActionDecl {
    const label = tokens(n, "StringLiteral")[0];
    return {
      kind: "action",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      params: this.params(maybeNode(n, "paramList")),
      ...(label ? { label: { span: tokenSpan(label), ...this.text(label) } } : {}),
      body: this.block(node(n, "block")),
    };
  }

  private scoring(n: CstNode): A.ScoringDecl {
    let score: A.ScoreRule | undefined;
    const tiebreaks: A.ScoreRule[] = [];
    let progress: A.ScoreRule | undefined;
    for (const r of nodes(n, "scoreRule")) {
      const ids = tokens(r, "Identifier");
      const head = ids[0]!;
      if (!this.expectWord(head, ["score", "tiebreak", "progress"], "in a scoring block", SCORING_FORMS)) continue;
      const lowest = ids.length === 3;
      if (lowest) this.scoreRuleWord(head.image, ids[1]!);
      const rule: A.ScoreRule = {
        span: nodeSpan(r),
        player: name(ids[ids.length - 1]!),
        expr: this.expr(node(r, "expr")),
        lowest,
      };
      if (head.image === "score") {
        if (score)
          this.diagnostics.push(
            error(
              Codes.duplicate,
              rule.span,
              "the scoring block has two `score` rules",
              "keep one; a `tiebreak p: ...` rule ranks players with equal scores",
            ),
          );
        score = rule;
      } else if (head.image === "progress") {
        if (progress) {
          this.diagnostics.push(
            error(Codes.duplicate, rule.span, "the scoring block has two `progress` rules", "keep one"),
          );
        }
        progress = rule;
      } else {
        tiebreaks.push(rule);
      }
    }
    return { kind: "scoring", span: nodeSpan(n), score, tiebreaks, progress };
  }

  /** The word between a scoring rule's head and its player: `lowest`, which only a tie-break takes. */
  private scoreRuleWord(head: string, word: IToken): void {
    if (head === "tiebreak") this.expectWord(word, ["lowest"], "after `tiebreak`", "`tiebreak lowest p: ...`");
    else if (word.image === "lowest") {
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          tokenSpan(word),
          "`lowest` applies to tie-breaks only",
          "write `tiebreak lowest p: ...`, or take out `lowest`",
        ),
      );
    } else {
      this.diagnostics.push(
        error(
          Codes.syntaxError,
          tokenSpan(word),
          `expected the player's name and \`:\` after \`${head}\`, found \`${word.image}\``,
          `write \`${head} p: ...\``,
        ),
      );
    }
  }

  private variant(n: CstNode): A.VariantDecl {
    const sets: A.VariantSet[] = nodes(n, "variantSet").flatMap((s) => {
      const ids = tokens(s, "Identifier");
      if (!this.expectWord(ids[0]!, ["set"], "in a variant", VARIANT_SET_FORM)) return [];
      return [{ span: nodeSpan(s), name: name(ids[1]!), value: this.expr(node(s, "expr")) }];
    });
    const replacements = [
      ...nodes(n, "fnDecl").map((d) => this.fnDecl(d)),
      ...nodes(n, "procDecl").map((d) => this.procDecl(d)),
      ...nodes(n, "actionDecl").map((d) => this.actionDecl(d)),
    ].sort((a, b) => a.span.start - b.span.start);
    const title = tokens(n, "StringLiteral")[0];
    return {
      kind: "variant",
      span: nodeSpan(n),
      name: name(token(n, "Identifier")),
      title: title ? unquote(title) : undefined,
      sets,
      replacements,
    };
  }

  private test(n: CstNode): A.TestDecl {
    let players: number | undefined;
    let seed: number | undefined;
    let seeds: number | undefined;
    let variant: A.Name | undefined;
    const steps: A.TestStep[] = [];
    for (const s of nodes(n, "testStep")) {
      const span = nodeSpan(s);
      const setting = maybeNode(s, "testSetting");
      if (setting) {
        const word = token(setting, "Identifier");
        const values = tokens(setting, "IntLiteral").map((t) => this.int(t));
        if (!this.expectWord(word, ["players", "seed", "seeds", "random"], "in a test", TEST_SETTING_FORMS)) continue;
        if (has(setting, "Setup") && word.image !== "random") {
          this.diagnostics.push(
            error(
              Codes.syntaxError,
              span,
              `\`${word.image} setup\` means nothing`,
              "write `random setup 2, 0` to force the setup's draws",
            ),
          );
          continue;
        }
        if (word.image === "random") steps.push({ kind: "random", values, setup: has(setting, "Setup"), span });
        else if (values.length !== 1) {
          this.diagnostics.push(
            error(Codes.syntaxError, span, `\`${word.image}\` takes one number`, `write \`${word.image} 3\``),
          );
        } else if (word.image === "players") players = values[0];
        else if (word.image === "seeds") seeds = values[0];
        else seed = values[0];
        continue;
      }
      const v = maybeNode(s, "testVariant");
      if (v) {
        variant = name(token(v, "Identifier"));
        continue;
      }
      const given = maybeNode(s, "block");
      if (given) {
        steps.push({ kind: "given", body: this.block(given), span });
        continue;
      }
      const restore = tokens(s, "restore")[0];
      if (restore) {
        if (this.expectWord(restore, ["restore"], "in `save and restore`", "`save and restore`"))
          steps.push({ kind: "saveRestore", span });
        continue;
      }
      const play = maybeNode(s, "testPlay");
      if (play) {
        if (has(play, "decision")) steps.push({ kind: "playUntil", decision: name(token(play, "decision")), span });
        else steps.push({ kind: "play", play: this.testAction(node(play, "testAction")), span });
        continue;
      }
      const expect = node(s, "testExpect");
      const seat = tokens(expect, "IntLiteral")[0];
      if (has(expect, "asked")) {
        steps.push({ kind: "asked", seat: this.int(seat!), decisions: tokens(expect, "decision").map(name), span });
      } else if (has(expect, "offered")) {
        const answers = nodes(expect, "testAnswer").map((a) => ({ ...this.testAnswer(a), seat: this.int(seat!) }));
        steps.push({ kind: "offered", seat: this.int(seat!), answers, span });
      } else if (has(expect, "sees")) {
        steps.push({ kind: "sees", seat: this.int(seat!), condition: this.expr(node(expect, "expr")), span });
      } else if (has(expect, "about")) {
        if (
          !this.expectWord(
            token(expect, "within"),
            ["within"],
            "in `expect about 50% within 8%: ...`",
            "`expect about 50% within 8%: <condition>`",
          )
        )
          continue;
        const [percent, tolerance] = tokens(expect, "IntLiteral").map((t) => this.int(t));
        steps.push({
          kind: "about",
          percent: percent!,
          tolerance: tolerance!,
          condition: this.expr(node(expect, "expr")),
          span,
        });
      } else if (has(expect, "always")) {
        if (!this.expectWord(token(expect, "random"), ["random"], "in `expect always in 50 random games`", ALWAYS_FORM))
          continue;
        if (!this.expectWord(token(expect, "games"), ["games"], "in `expect always in 50 random games`", ALWAYS_FORM))
          continue;
        steps.push({ kind: "always", games: this.int(seat!), condition: this.expr(node(expect, "expr")), span });
      } else if (has(expect, "Refused")) {
        const message = tokens(expect, "StringLiteral")[0];
        steps.push({
          kind: "refused",
          play: this.testAction(node(expect, "testAction")),
          message: message ? unquote(message) : undefined,
          span,
        });
      } else {
        steps.push({ kind: "expect", condition: this.expr(node(expect, "expr")), span });
      }
    }
    const base = tokens(n, "base")[0];
    return {
      kind: "test",
      span: nodeSpan(n),
      title: unquote(tokens(n, "StringLiteral")[0]!),
      from: base ? { title: unquote(base), span: tokenSpan(base) } : undefined,
      players,
      seed,
      seeds,
      variant,
      steps,
    };
  }

  /** An answer without its seat (`kit(sword)`); the caller gives the seat. */
  private testAnswer(n: CstNode): Omit<A.TestPlay, "seat"> {
    return {
      span: nodeSpan(n),
      action: name(token(n, "Identifier")),
      args: nodes(n, "expr").map((e) => this.expr(e)),
    };
  }

  private testAction(n: CstNode): A.TestPlay {
    return {
      span: nodeSpan(n),
      seat: this.int(token(n, "IntLiteral")),
      action: name(token(n, "Identifier")),
      args: nodes(n, "expr").map((e) => this.expr(e)),
    };
  }

  // ---- statements -------------------------------------------------------------------------------------------
}
