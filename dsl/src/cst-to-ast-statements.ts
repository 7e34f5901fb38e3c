/** CST -> AST, statements: blocks, `if`, `match`, `choose`, loops of choices and timing windows (desugared). */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { Codes, error } from "./diagnostics.ts";
import { loopOfChoices, timingWindow } from "./desugar.ts";
import { ExpressionBuilder } from "./cst-to-ast-expressions.ts";
import { nodes, node, maybeNode, tokens, token, has, tokenSpan, nodeSpan, name } from "./cst-reading.ts";

export class StatementBuilder extends ExpressionBuilder {
  block(n: CstNode): A.Block {
    return { span: nodeSpan(n), statements: nodes(n, "statement").flatMap((s) => this.statements(s)) };
  }

  /** A statement as rules written; `for x in list chosen by p` stands for the loop of choices it means. */
  private statements(s: CstNode): A.Stmt[] {
    const loop = maybeNode(s, "forStmt");
    if (loop && has(loop, "By")) return this.chosenLoop(loop, nodeSpan(s));
    const window = maybeNode(s, "windowStmt");
    if (window) return this.timingWindow(window, nodeSpan(s));
    return [this.statement(s)];
  }

  private timingWindow(n: CstNode, span: A.Span): A.Stmt[] {
    const [, choice, ...actions] = tokens(n, "Identifier");
    const moment = token(n, "StringLiteral");
    return timingWindow({
      span,
      choice: name(choice!),
      actions: actions.map(name),
      moment: { span: tokenSpan(moment), ...this.text(moment) },
      order: this.expr(node(n, "expr")),
    });
  }

  private chosenLoop(n: CstNode, span: A.Span): A.Stmt[] {
    const inToken = token(n, "In");
    const words = tokens(n, "Identifier");
    const variable = name(words.filter((t) => t.startOffset < inToken.startOffset).at(-1)!);
    const exprs = nodes(n, "expr").map((e) => this.expr(e));
    const [list, chooser] = exprs;
    const taking = words.some((t) => t.image === "taking" && t.startOffset > inToken.startOffset);
    const limit = taking ? exprs[2] : undefined;
    const condition = has(n, "Where") ? exprs[taking ? 3 : 2] : undefined;
    // A string before `else` is the label after `shown`; one after it, the refusal message of `where`.
    const elseAt = has(n, "Else") ? token(n, "Else").startOffset : Infinity;
    const shown = tokens(n, "StringLiteral").find((t) => t.startOffset < elseAt);
    const refusal = tokens(n, "StringLiteral").find((t) => t.startOffset > elseAt);
    return loopOfChoices({
      span,
      variable,
      some: words.some((t) => t.image === "some" && t.startOffset < variable.span.start),
      list: list!,
      chooser: chooser!,
      limit,
      condition,
      refusal: refusal ? this.message(refusal) : undefined,
      label: shown ? { span: tokenSpan(shown), ...this.text(shown) } : undefined,
      body: this.block(node(n, "block")),
    });
  }

  private statement(s: CstNode): A.Stmt {
    const span = nodeSpan(s);
    if (has(s, "End")) {
      const reason = tokens(s, "StringLiteral")[0];
      return reason
        ? { kind: "end", span, reason: { span: tokenSpan(reason), ...this.text(reason) } }
        : { kind: "end", span };
    }
    if (has(s, "Break")) return { kind: "break", span };
    const ret = maybeNode(s, "returnStmt");
    if (ret) {
      const value = maybeNode(ret, "expr");
      return value ? { kind: "return", span, value: this.expr(value) } : { kind: "return", span };
    }
    const [key] = Object.keys(s.children);
    const n = node(s, key!);
    switch (key) {
      case "letStmt": {
        const t = maybeNode(n, "typeExpr");
        return {
          kind: "let",
          span,
          name: name(token(n, "Identifier")),
          typeExpr: t ? this.typeExpr(t) : undefined,
          value: this.expr(node(n, "expr")),
        };
      }
      case "ifStmt":
        return this.ifStmt(n);
      case "matchStmt":
        return this.matchStmt(n);
      case "forStmt": {
        const before = tokens(n, "Identifier").filter((t) => t.startOffset < token(n, "In").startOffset);
        if (before.length > 1) {
          this.diagnostics.push(
            error(
              Codes.syntaxError,
              tokenSpan(before[0]!),
              "`for some` is a loop of choices: say who chooses",
              "write `for some x in list chosen by <player> { ... }`",
            ),
          );
        }
        return {
          kind: "for",
          span,
          variable: name(before.at(-1)!),
          iterable: this.expr(node(n, "expr")),
          body: this.block(node(n, "block")),
        };
      }
      case "whileStmt":
        return { kind: "while", span, condition: this.expr(node(n, "expr")), body: this.block(node(n, "block")) };
      case "repeatStmt":
        return { kind: "repeat", span, count: this.expr(node(n, "expr")), body: this.block(node(n, "block")) };
      case "requireStmt":
        return {
          kind: "require",
          span,
          binding: has(n, "Let") ? name(token(n, "Identifier")) : undefined,
          condition: this.expr(node(n, "expr")),
          ...this.message(token(n, "StringLiteral")),
        };
      case "chooseStmt":
        return this.choose(n);
      case "actStmt": {
        const names = tokens(n, "Identifier").map(name);
        const stop = has(n, "Or") ? names.pop() : undefined;
        const label = tokens(n, "StringLiteral")[0];
        return {
          kind: "act",
          span,
          player: this.expr(node(n, "expr")),
          actions: names,
          ...(stop ? { orStop: { span: stop.span, label: label ? this.text(label) : undefined } } : {}),
        };
      }
      case "allowStmt": {
        const by = token(n, "By").startOffset;
        const here = tokens(n, "Identifier").some((t) => t.startOffset > by);
        return {
          kind: "allow",
          span,
          anytime: tokens(n, "Anytime").length > 0,
          actions: tokens(n, "Identifier")
            .filter((t) => t.startOffset < by)
            .map(name),
          player: this.expr(node(n, "expr")),
          ...(here ? { here } : {}),
          body: this.block(node(n, "block")),
        };
      }
      case "completingStmt": {
        const message = tokens(n, "StringLiteral")[0];
        return {
          kind: "completing",
          span,
          body: this.block(node(n, "block")),
          ...(message ? { message: { span: tokenSpan(message), ...this.text(message) } } : {}),
        };
      }
      case "addStmt": {
        this.expectWord(token(n, "to"), ["to"], "after the value to add", "`add card to hand`");
        const exprs = nodes(n, "expr");
        return {
          kind: "add",
          span,
          value: this.expr(exprs[0]!),
          list: this.expr(exprs[1]!),
          atTop: has(n, "Identifier"),
        };
      }
      case "removeStmt": {
        this.expectWord(token(n, "from"), ["from"], "after the value to remove", "`remove card from hand`");
        const exprs = nodes(n, "expr");
        return { kind: "remove", span, value: this.expr(exprs[0]!), list: this.expr(exprs[1]!) };
      }
      case "shuffleStmt":
        return { kind: "shuffle", span, list: this.expr(node(n, "expr")) };
      default: {
        const target = this.operation(node(n, "operation"));
        const value = maybeNode(n, "expr");
        if (!value) return { kind: "expr", span, expr: target };
        const op = has(n, "PlusAssign") ? "+=" : has(n, "MinusAssign") ? "-=" : "=";
        return { kind: "assign", span, target, op, value: this.expr(value) };
      }
    }
  }

  private ifStmt(n: CstNode): A.IfStmt {
    const blocks = nodes(n, "block");
    const elseIf = maybeNode(n, "ifStmt");
    let otherwise: A.Block | undefined;
    if (elseIf) {
      const nested = this.ifStmt(elseIf);
      otherwise = { span: nested.span, statements: [nested] };
    } else if (blocks[1]) {
      otherwise = this.block(blocks[1]);
    }
    return {
      kind: "if",
      span: nodeSpan(n),
      binding: has(n, "Let") ? name(token(n, "Identifier")) : undefined,
      condition: this.expr(node(n, "expr")),
      then: this.block(blocks[0]!),
      otherwise,
    };
  }

  private matchStmt(n: CstNode): A.MatchStmt {
    // Each arm is a pattern, then a block or a single statement, in source order.
    const bodies = [...nodes(n, "block"), ...nodes(n, "statement")].sort(
      (a, b) => (a.location?.startOffset ?? 0) - (b.location?.startOffset ?? 0),
    );
    const arms = nodes(n, "pattern").map((p, i): A.MatchArm<A.Block> => {
      const body = bodies[i]!;
      const block: A.Block =
        body.name === "block" ? this.block(body) : { span: nodeSpan(body), statements: this.statements(body) };
      return { span: { ...nodeSpan(p), end: block.span.end }, pattern: this.pattern(p), body: block };
    });
    return { kind: "match", span: nodeSpan(n), subject: this.expr(node(n, "expr")), arms };
  }

  private choose(n: CstNode): A.ChooseStmt {
    const exprs = nodes(n, "expr");
    const ids = tokens(n, "Identifier");
    const hasFrom = tokens(n, "In").some((t) => t.startOffset < token(n, "By").startOffset);
    const each = has(n, "Each");
    let i = 0;
    const from = hasFrom ? exprs[i++] : undefined;
    const chooser = exprs[i++]!;
    const condition = has(n, "Where") ? exprs[i++] : undefined;
    // The refusal message follows `else`; a string before it is the label after `shown`.
    const elseAt = has(n, "Else") ? token(n, "Else").startOffset : Infinity;
    const strings = tokens(n, "StringLiteral");
    const messageToken = strings.find((t) => t.startOffset > elseAt);
    const labelToken = strings.find((t) => t.startOffset < elseAt);
    const message = messageToken ? this.message(messageToken) : undefined;
    const label = labelToken ? { span: tokenSpan(labelToken), ...this.text(labelToken) } : undefined;
    const typeNode = node(n, "typeExpr");
    return {
      kind: "choose",
      span: nodeSpan(n),
      name: name(ids[0]!),
      domain: {
        span: nodeSpan(typeNode),
        typeExpr: this.typeExpr(typeNode),
        from: from ? this.expr(from) : undefined,
      },
      chooser: this.expr(chooser),
      each: each ? name(ids[1]!) : undefined,
      condition: condition ? this.expr(condition) : undefined,
      message: message?.message,
      ...(message?.messageParts ? { messageParts: message.messageParts } : {}),
      ...(label ? { label } : {}),
      ...(ids.some((t) => t.image === "several" && t.startOffset > token(n, "By").startOffset)
        ? { whenSeveral: true }
        : {}),
    };
  }

  /** A refusal message, with its holes when it has any. */
  private message(t: IToken): { message: string; messageParts?: A.TextPart[] } {
    const { value, parts } = this.text(t);
    return parts ? { message: value, messageParts: parts } : { message: value };
  }

  // ---- expressions ------------------------------------------------------------------------------------------
}
