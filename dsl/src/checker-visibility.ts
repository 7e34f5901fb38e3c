/**
 * The checker's part for what players see: each field's visibility (`private`, `hidden`, `visible if`) and its
 * `shown` text, and the values a text may show in its holes. Like `checker-maps.ts`, it works through a small host
 * interface of the main checker.
 */
import type * as A from "./ast.ts";
import type { FieldInfo, RecordInfo } from "./checker.ts";
import type { Context } from "./checker-context.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, typeToString, withoutNone, type Type } from "./types.ts";

export interface VisibilityHost {
  readonly diagnostics: Diagnostic[];
  readonly records: ReadonlyMap<string, RecordInfo>;
  readonly playerFields: ReadonlyMap<string, FieldInfo>;
  readonly globalFields: ReadonlyMap<string, FieldInfo>;
  /** Starts checking a new body: a visibility condition sees the viewer, and a record's condition its fields. */
  enter(context: Context, record?: RecordInfo): void;
  expr(e: A.Expr, expected: Type | undefined): Type;
  isUnion(name: string): boolean;
  pushScope(): void;
  popScope(): void;
  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol;
}

export class VisibilityChecker {
  constructor(private readonly host: VisibilityHost) {}

  private report(d: Diagnostic): void {
    this.host.diagnostics.push(d);
  }

  /** Every field's visibility condition and shown text: records' fields, then players' and global fields. */
  checkFields(): void {
    for (const r of this.host.records.values()) {
      for (const f of r.decl.fields) {
        if (f.visibility.kind === "visibleIf") {
          this.host.enter("visibility", r);
          this.host.expr(f.visibility.condition, BOOL);
        }
        if (f.shown) {
          this.host.enter("visibility", r);
          this.shownText(f, r.fields.get(f.name.text)?.type);
        }
        this.valuesHidden(f, r.fields.get(f.name.text)?.type);
        if (f.visibility.kind === "private" && !r.fields.has("owner")) {
          this.report(
            error(
              Codes.misplaced,
              f.visibility.span,
              "`private` on a record field needs an `owner: Player` field",
              "or write `visible if <condition>`",
            ),
          );
        }
      }
    }
    for (const table of [this.host.playerFields, this.host.globalFields]) {
      for (const f of table.values()) {
        if (f.decl.visibility.kind === "visibleIf") {
          this.host.enter("playerVisibility");
          this.host.expr(f.decl.visibility.condition, BOOL);
        }
        if (f.decl.shown) {
          this.host.enter(table === this.host.playerFields ? "playerVisibility" : "visibility");
          this.shownText(f.decl, f.type);
        }
        this.valuesHidden(f.decl, f.type);
        if (table === this.host.globalFields && f.decl.visibility.kind === "private") {
          this.report(
            error(
              Codes.misplaced,
              f.decl.visibility.span,
              "a global field has no owner, so it cannot be `private`",
              "use `hidden`",
            ),
          );
        }
      }
    }
  }

  /** `values hidden` is said of a map: players see its keys, not its values. */
  private valuesHidden(f: A.FieldDecl, type: Type | undefined): void {
    if (f.visibility.kind !== "valuesHidden" || !type || type.kind === "map" || type.kind === "error") return;
    this.report(
      error(
        Codes.misplaced,
        f.visibility.span,
        `\`values hidden\` is for a map (its keys shown, its values not); \`${f.name.text}\` is a ${typeToString(type)}`,
        "use `hidden` to show only its size",
      ),
    );
  }

  /**
   * `shown "..."`: a text players see instead of a field's value; a hidden field shows nothing to show it by. A
   * list's text shows each element: the field's name stands for the element (`hand: list<int> shown "{CARDS[hand].name}"`).
   */
  private shownText(f: A.FieldDecl, type: Type | undefined): void {
    if (f.visibility.kind === "hidden" || f.visibility.kind === "valuesHidden") {
      this.report(
        error(
          Codes.misplaced,
          f.shown!.span,
          "a hidden field is not shown, so it needs no text",
          "remove `shown`, or make the field visible",
        ),
      );
    }
    if (type?.kind === "list") {
      this.host.pushScope();
      f.shownElement = this.host.bind(f.name, type.element, "binder");
      f.shownElement.used = true;
      if (f.shown!.parts) this.textParts(f.shown!.parts);
      this.host.popScope();
      return;
    }
    if (f.shown!.parts) this.textParts(f.shown!.parts);
  }

  /** The values shown in a text's holes: numbers, text, flags, players, enum members and hexes, or none of them. */
  textParts(parts: readonly A.TextPart[]): void {
    for (const p of parts) {
      if (typeof p === "string") continue;
      const t = this.host.expr(p, undefined);
      const inner = withoutNone(t);
      const shown =
        inner.kind === "int" ||
        inner.kind === "string" ||
        inner.kind === "bool" ||
        inner.kind === "player" ||
        inner.kind === "hex" ||
        inner.kind === "cell" ||
        inner.kind === "error" ||
        (inner.kind === "enum" && !this.host.isUnion(inner.name));
      if (!shown) {
        this.report(
          error(
            Codes.typeMismatch,
            p.span,
            `a text shows numbers, text, flags, players, enum members and hexes, not ${typeToString(t)}`,
            inner.kind === "list" ? "show its size with `{size(list)}`, or one element" : "show one of its fields",
          ),
        );
      }
    }
  }
}
