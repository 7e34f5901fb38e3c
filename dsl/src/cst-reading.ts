/**
 * Reading a concrete syntax tree: a node's children by their label in the grammar, and the source span of a token or a
 * node. Shared by the three parts of the CST -> AST builder.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";

const NONE: readonly never[] = [];

// A key of a node's children holds either nodes (a rule's name or label) or tokens (a token's name or label), never
// both: the grammar gives every label its own name. So the arrays are read as they are, without a copy.
export function nodes(n: CstNode, key: string): readonly CstNode[] {
  return (n.children[key] as CstNode[] | undefined) ?? NONE;
}

export function node(n: CstNode, key: string, i = 0): CstNode {
  const found = nodes(n, key)[i];
  if (!found) throw new Error(`internal: ${n.name} has no ${key}[${i}]`);
  return found;
}

export function maybeNode(n: CstNode, key: string, i = 0): CstNode | undefined {
  return nodes(n, key)[i];
}

export function tokens(n: CstNode, key: string): readonly IToken[] {
  return (n.children[key] as IToken[] | undefined) ?? NONE;
}

export function token(n: CstNode, key: string, i = 0): IToken {
  const found = tokens(n, key)[i];
  if (!found) throw new Error(`internal: ${n.name} has no token ${key}[${i}]`);
  return found;
}

export function has(n: CstNode, key: string): boolean {
  return (n.children[key]?.length ?? 0) > 0;
}

export function tokenSpan(t: IToken): A.Span {
  return {
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
    line: t.startLine ?? 1,
    column: t.startColumn ?? 1,
  };
}

export function nodeSpan(n: CstNode): A.Span {
  const l = n.location;
  if (!l || Number.isNaN(l.startOffset)) return { start: 0, end: 0, line: 1, column: 1 };
  return {
    start: l.startOffset,
    end: (l.endOffset ?? l.startOffset) + 1,
    line: l.startLine ?? 1,
    column: l.startColumn ?? 1,
  };
}

export function name(t: IToken): A.Name {
  return { text: t.image, span: tokenSpan(t) };
}

export function unquote(t: IToken): string {
  return t.image.slice(1, -1).replace(/\\(.)/g, "$1");
}
