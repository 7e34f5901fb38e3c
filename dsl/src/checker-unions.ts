/**
 * The checker's part for enums whose members carry values (tagged unions: `enum Slot { tile(id: int), die }`) and
 * for taking such values apart: building a member (`tile(17)`), `slot is die`, and `match` as a statement or an
 * expression, which must say what happens for every member.
 *
 * It works through `UnionHost`, the few services of the main checker it needs (checking expressions and blocks,
 * scopes, diagnostics), the way a compiler keeps its binder apart from its checker.
 */
import type * as A from "./ast.ts";
import { Codes, didYouMean, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, ERROR, isAssignable, optionalOf, typeToString, withoutNone, type Type } from "./types.ts";

/** A member of a union with the types of the values it carries. */
export interface UnionMember {
  readonly decl: A.EnumMember;
  readonly fields: readonly { readonly name: string; readonly type: Type }[];
}

/** An enum some of whose members carry values. */
export interface UnionInfo {
  readonly decl: A.EnumDecl;
  readonly members: ReadonlyMap<string, UnionMember>;
}

/** Whether an enum declaration is a union: some member carries values. */
export function isUnionDecl(d: A.EnumDecl): boolean {
  return d.members.some((m) => m.fields.length > 0);
}

/** The name of the discriminant in the generated code (`{ kind: "tile", id: 17 }`); a member's field cannot use it. */
export const UNION_TAG = "kind";

export interface UnionHost {
  readonly diagnostics: Diagnostic[];
  readonly enums: ReadonlyMap<string, A.EnumDecl>;
  expr(e: A.Expr, expected: Type | undefined): Type;
  block(b: A.Block): void;
  pushScope(): void;
  popScope(): void;
  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol;
  resolveType(t: A.TypeExpr): Type;
  /** Records the enum as used (for the unused-declaration report). */
  use(enumName: string): void;
  /** Checks the texts of `shown` fields, with `fields` bound by name, where the rules only look at the game. */
  checkShownTexts(
    fields: readonly { readonly name: A.Name; readonly type: Type }[],
    texts: A.TextPart[][],
  ): A.LocalSymbol[];
}

export class UnionChecker {
  readonly unions = new Map<string, UnionInfo>();

  constructor(private readonly host: UnionHost) {}

  private report(d: Diagnostic): void {
    this.host.diagnostics.push(d);
  }

  /** Resolves the types of the values members carry; called once every type name is declared. */
  resolve(): void {
    for (const d of this.host.enums.values()) {
      if (!isUnionDecl(d)) continue;
      const members = new Map<string, UnionMember>();
      for (const m of d.members) {
        const seen = new Set<string>();
        const fields = m.fields.map((f) => {
          if (f.name.text === UNION_TAG) {
            this.report(
              error(
                Codes.duplicate,
                f.name.span,
                `a value a member carries cannot be called \`${UNION_TAG}\`: the engine uses that name to tell members apart`,
                "choose another name",
              ),
            );
          } else if (seen.has(f.name.text)) {
            this.report(
              error(
                Codes.duplicate,
                f.name.span,
                `\`${m.name.text}\` already has a \`${f.name.text}\``,
                "give each value a member carries a name of its own",
              ),
            );
          }
          seen.add(f.name.text);
          const type = this.host.resolveType(f.typeExpr);
          if (!isPlainValue(type)) {
            this.report(
              error(
                Codes.typeMismatch,
                f.typeExpr.span,
                `a member of an enum carries plain values (numbers, flags, text, players, squares, enum members), not ${typeToString(type)}`,
                "carry what identifies it instead (a position in a list, an id, a player), or keep it in a record field",
              ),
            );
          }
          return { name: f.name.text, type };
        });
        if (!members.has(m.name.text)) members.set(m.name.text, { decl: m, fields });
      }
      this.unions.set(d.name.text, { decl: d, members });
    }
  }

  /** The texts of members' `shown` values, which read the member's values by name. */
  checkShown(): void {
    for (const u of this.unions.values()) {
      for (const m of u.members.values()) {
        const texts = m.decl.fields.flatMap((f) => (f.shown?.parts ? [f.shown.parts] : []));
        if (!m.decl.fields.some((f) => f.shown)) continue;
        m.decl.fieldSymbols = this.host.checkShownTexts(
          m.decl.fields.map((f, i) => ({ name: f.name, type: m.fields[i]?.type ?? ERROR })),
          texts,
        );
      }
    }
  }

  /** The member `name` of union `enumName`, when the enum is a union with that member. */
  member(enumName: string, name: string): UnionMember | undefined {
    return this.unions.get(enumName)?.members.get(name);
  }

  /** A bare member name that needs values (`tile` for `tile(id: int)`): refused with the way to write it. */
  bareMemberWithValues(e: A.NameRef, enumName: string): boolean {
    const m = this.member(enumName, e.name);
    if (!m || m.fields.length === 0) return false;
    this.report(
      error(
        Codes.wrongArity,
        e.span,
        `\`${e.name}\` carries ${describeFields(m)}: give ${m.fields.length === 1 ? "it" : "them"}`,
        `write \`${e.name}(${m.fields.map((f) => f.name).join(", ")})\` with the values; to ask whether a value is this member, write \`value is ${e.name}\``,
      ),
    );
    return true;
  }

  /**
   * `tile(17)` or `tile(id: 17)`: builds a member of a union. Returns undefined when `callee` names no member that
   * carries values (the caller then tries functions and builtins).
   */
  construct(e: A.Call, expected: Type | undefined, membersNamed: readonly string[]): Type | undefined {
    const name = e.callee.text;
    const candidates = membersNamed.filter((en) => this.member(en, name) !== undefined);
    if (candidates.length === 0) return undefined;
    let enumName = candidates[0]!;
    if (candidates.length > 1) {
      const wanted = expected && withoutNone(expected);
      if (wanted?.kind !== "enum" || !candidates.includes(wanted.name)) {
        this.report(
          error(
            Codes.unknownName,
            e.callee.span,
            `\`${name}\` is a member of several enums (${candidates.join(", ")})`,
            "use it where the enum is known (a field, a parameter, a `let` with its type), or rename one of them",
          ),
        );
        for (const a of e.args) this.host.expr(a, undefined);
        return ERROR;
      }
      enumName = wanted.name;
    }
    this.host.use(enumName);
    const m = this.member(enumName, name)!;
    e.target = "member";
    e.enumName = enumName;
    if (e.args.length > 0 && e.namedArgs.length > 0) {
      this.report(
        error(Codes.wrongArity, e.span, "give the values either all in order or all by name", `\`${name}(...)\``),
      );
    }
    if (e.namedArgs.length > 0) {
      const given = new Set<string>();
      let misnamed = false;
      for (const a of e.namedArgs) {
        const f = m.fields.find((x) => x.name === a.name.text);
        if (!f) {
          this.report(
            error(
              Codes.unknownField,
              a.name.span,
              `\`${name}\` carries no \`${a.name.text}\``,
              didYouMean(
                a.name.text,
                m.fields.map((x) => x.name),
              ) ?? `it carries ${describeFields(m)}`,
            ),
          );
          this.host.expr(a.value, undefined);
          misnamed = true;
          continue;
        }
        if (given.has(f.name))
          this.report(error(Codes.duplicate, a.name.span, `\`${f.name}\` is given twice`, "give each value once"));
        given.add(f.name);
        this.host.expr(a.value, f.type);
      }
      const missing = m.fields.filter((f) => !given.has(f.name));
      // A misnamed value is most likely the missing one: one report is enough.
      if (missing.length > 0 && !misnamed) {
        this.report(
          error(
            Codes.wrongArity,
            e.span,
            `\`${name}\` needs ${missing.map((f) => `\`${f.name}\``).join(", ")}`,
            `a member's values have no defaults: it carries ${describeFields(m)}`,
          ),
        );
      }
    } else {
      if (e.args.length !== m.fields.length) {
        this.report(
          error(
            Codes.wrongArity,
            e.span,
            m.fields.length === 0
              ? `\`${name}\` carries no values: write it without parentheses`
              : `\`${name}\` carries ${describeFields(m)}, got ${e.args.length} value${e.args.length === 1 ? "" : "s"}`,
            m.fields.length === 0
              ? `write \`${name}\``
              : "give its values in order, or by name: `member(field: value)`",
          ),
        );
      }
      e.args.forEach((a, i) => this.host.expr(a, m.fields[i]?.type));
    }
    return { kind: "enum", name: enumName };
  }

  /** `value is member`: the value is an enum (or an optional one, which is not the member when it is none). */
  is(e: A.Is): Type {
    const t = this.host.expr(e.subject, undefined);
    if (t.kind === "error") return BOOL;
    const inner = withoutNone(t);
    if (inner.kind !== "enum") {
      this.report(
        error(
          Codes.typeMismatch,
          e.subject.span,
          `\`is\` asks which member of an enum a value is, but this is a ${typeToString(t)}`,
          "compare other values with `==`",
        ),
      );
      return BOOL;
    }
    this.memberOf(inner.name, e.member);
    return BOOL;
  }

  /** Reports `member` when it is not a member of the enum; returns the member's declaration otherwise. */
  private memberOf(enumName: string, member: A.Name): A.EnumMember | undefined {
    const en = this.host.enums.get(enumName)!;
    const found = en.members.find((m) => m.name.text === member.text);
    if (!found) {
      const names = en.members.map((m) => m.name.text);
      this.report(
        error(
          Codes.unknownName,
          member.span,
          `\`${enumName}\` has no member \`${member.text}\``,
          didYouMean(member.text, names) ?? `its members are ${names.join(", ")}`,
        ),
      );
    }
    return found;
  }

  /** `match value { pattern => block ... }` */
  matchStmt(s: A.MatchStmt): void {
    const subject = this.subject(s.subject);
    for (const arm of s.arms) {
      this.host.pushScope();
      this.pattern(arm.pattern, subject);
      this.host.block(arm.body);
      this.host.popScope();
    }
    this.coverage(s, subject, true);
  }

  /** `match value { pattern => value, ... }`: every arm gives a value of one type (`none` makes it optional). */
  matchExpr(e: A.MatchExpr, expected: Type | undefined): Type {
    const subject = this.subject(e.subject);
    let result: Type | undefined = expected;
    let optional = false;
    for (const arm of e.arms) {
      this.host.pushScope();
      this.pattern(arm.pattern, subject);
      if (result) this.host.expr(arm.body, result);
      else {
        const t = this.host.expr(arm.body, undefined);
        if (t.kind === "optional" && t.inner.kind === "unknown") optional = true;
        else if (t.kind !== "error") result = t;
      }
      this.host.popScope();
    }
    this.coverage(e, subject, false);
    if (!result) return optional ? optionalOf(ERROR) : ERROR;
    if (!expected) {
      // Arms checked before the type was known are checked again against it (a `none` arm, an int before a range).
      for (const arm of e.arms) {
        if (arm.body.type && !isAssignable(arm.body.type, result) && !(optional && arm.body.kind === "none")) {
          this.report(
            error(
              Codes.typeMismatch,
              arm.body.span,
              `the arms of this \`match\` give different types: ${typeToString(arm.body.type)} here, ${typeToString(result)} before`,
              "make every arm give a value of the same type",
            ),
          );
        }
      }
    }
    return optional && result.kind !== "optional" ? optionalOf(result) : result;
  }

  /** The enum a `match` takes apart, and whether the value may be none; undefined after an error. */
  private subject(e: A.Expr): { enumName: string; optional: boolean } | undefined {
    const t = this.host.expr(e, undefined);
    if (t.kind === "error") return undefined;
    const inner = withoutNone(t);
    if (inner.kind === "enum") return { enumName: inner.name, optional: t.kind === "optional" };
    this.report(
      error(
        Codes.typeMismatch,
        e.span,
        `\`match\` takes apart a value of an enum, but this is a ${typeToString(t)}`,
        t.kind === "optional"
          ? "for a value that may be none, write `if let x = value { ... } else { ... }`"
          : "use `if ... else if ...` for other values",
      ),
    );
    return undefined;
  }

  private pattern(p: A.Pattern, subject: { enumName: string; optional: boolean } | undefined): void {
    if (p.kind === "wildcard") return;
    if (p.kind === "none") {
      if (subject && !subject.optional) {
        this.report(
          error(
            Codes.typeMismatch,
            p.span,
            `this value is never none (it is a ${subject.enumName})`,
            "remove the `none` arm",
          ),
        );
      }
      return;
    }
    const found = subject ? this.memberOf(subject.enumName, p.name) : undefined;
    if (subject) p.enumName = subject.enumName;
    const fields = found && subject ? (this.member(subject.enumName, found.name.text)?.fields ?? []) : undefined;
    if (p.binders === undefined) return;
    if (fields && p.binders.length !== fields.length) {
      this.report(
        error(
          Codes.wrongArity,
          p.span,
          fields.length === 0
            ? `\`${p.name.text}\` carries no values: write it without parentheses`
            : `\`${p.name.text}\` carries ${fields.length} value${fields.length === 1 ? "" : "s"} (${fields.map((f) => f.name).join(", ")}), this names ${p.binders.length}`,
          fields.length === 0
            ? `write \`${p.name.text} =>\``
            : "name each of them in order, `_` for one you do not need",
        ),
      );
    }
    p.symbols = p.binders.map((b, i) => {
      if (b.text === "_") return undefined;
      const symbol = this.host.bind(b, fields?.[i]?.type ?? ERROR, "match");
      return symbol;
    });
  }

  /** Every member (and none, for an optional value) has an arm, no arm comes too late to match anything. */
  private coverage(
    m: A.MatchStmt | A.MatchExpr,
    subject: { enumName: string; optional: boolean } | undefined,
    statement: boolean,
  ): void {
    const seen = new Map<string, A.Span>();
    let wildcard: A.Span | undefined;
    for (const arm of m.arms) {
      const p = arm.pattern;
      const key = p.kind === "member" ? p.name.text : p.kind === "none" ? "none" : undefined;
      const earlier = wildcard ?? (key !== undefined ? seen.get(key) : undefined);
      if (earlier) {
        this.report(
          error(
            Codes.unreachable,
            p.span,
            wildcard
              ? `this arm can never run: \`_\` on line ${wildcard.line} matches everything left`
              : `this arm can never run: \`${key}\` is matched on line ${earlier.line}`,
            "remove it, or merge it with the arm above",
          ),
        );
        continue;
      }
      if (key !== undefined) seen.set(key, p.span);
      else wildcard = p.span;
    }
    if (!subject || wildcard) return;
    const en = this.host.enums.get(subject.enumName)!;
    const missing = en.members.map((x) => x.name.text).filter((x) => !seen.has(x));
    if (subject.optional && !seen.has("none")) missing.push("none");
    if (missing.length === 0) return;
    const fields = this.member(subject.enumName, missing[0]!)?.fields ?? [];
    const example = fields.length > 0 ? `${missing[0]}(${fields.map((f) => f.name).join(", ")})` : missing[0];
    this.report(
      error(
        Codes.notExhaustive,
        { ...m.span, end: Math.min(m.span.end, m.subject.span.end) },
        `this \`match\` does not say what happens for ${missing.map((x) => `\`${x}\``).join(", ")}`,
        statement
          ? `add an arm for each (\`${example} => ...\`), or \`_ => { }\` when nothing happens for the others`
          : `add an arm for each (\`${example} => ...\`), or \`_ => value\` for all the others`,
      ),
    );
  }
}

/**
 * What a member may carry: values that cannot change in place (no lists or records), so a member is never copied,
 * and that show the same in every view (no hexes, which views show as coordinates).
 */
function isPlainValue(t: Type): boolean {
  const inner = withoutNone(t);
  return inner.kind !== "list" && inner.kind !== "record";
}

function describeFields(m: UnionMember): string {
  return m.fields.map((f) => `${f.name}: ${typeToString(f.type)}`).join(", ");
}
