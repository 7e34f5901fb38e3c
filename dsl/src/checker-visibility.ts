/**
 * The checker's part for what players see: each field's visibility (`private`, `hidden`, `visible if`) and its
 * `shown` text, and the values a text may show in its holes. Like `checker-maps.ts`, it works through a small host
 * interface of the main checker.
 */
import type * as A from "./ast.ts";
import { forEachExpr } from "./ast-walk.ts";
import type { FieldInfo, RecordInfo } from "./checker.ts";
import type { Context } from "./checker-context.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, sameType, typeToString, withoutNone, type Type } from "./types.ts";

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
          this.noHiddenReads(f, f.visibility.condition, "condition", r.fields);
        }
        if (f.shown) {
          this.host.enter("visibility", r);
          this.shownText(f, r.fields.get(f.name.text)?.type);
          for (const part of f.shown.parts ?? [])
            if (typeof part !== "string") this.noHiddenReads(f, part, "text", r.fields);
        }
        this.visibilityFitsType(f, r.fields.get(f.name.text)?.type);
        if (f.dealtFrom !== undefined) {
          this.report(
            error(
              Codes.misplaced,
              f.dealtFrom.span,
              "only a player's or the game's field may say which deck its cards are dealt from",
              "declare the hand `per player` (or in `global`)",
            ),
          );
        }
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
      // A player field's condition and text name the player's other fields directly.
      const inScope = table === this.host.playerFields ? table : undefined;
      for (const f of table.values()) {
        if (f.decl.visibility.kind === "visibleIf") {
          this.host.enter("playerVisibility");
          this.host.expr(f.decl.visibility.condition, BOOL);
          this.noHiddenReads(f.decl, f.decl.visibility.condition, "condition", inScope);
        }
        if (f.decl.shown) {
          this.host.enter(table === this.host.playerFields ? "playerVisibility" : "visibility");
          this.shownText(f.decl, f.type);
          for (const part of f.decl.shown.parts ?? []) {
            if (typeof part !== "string") this.noHiddenReads(f.decl, part, "text", inScope);
          }
        }
        this.visibilityFitsType(f.decl, f.type);
        this.dealtFrom(f);
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

  /**
   * `hand: list<int> private from combatDeck`: a list some players may not see, of the cards of a deck of the game;
   * `rumor: int? private from rumorDeck`: one such card, or none.
   */
  private dealtFrom(f: FieldInfo): void {
    const deckName = f.decl.dealtFrom;
    if (deckName === undefined) return;
    if (f.decl.visibility.kind === "public") {
      this.report(
        error(
          Codes.misplaced,
          deckName.span,
          `\`${f.decl.name.text}\` is seen by everyone: \`from\` says where the cards of a hidden list come from`,
          "make the field `private`, `hidden` or `visible if ...`, or leave `from` out",
        ),
      );
      return;
    }
    const deck = this.host.globalFields.get(deckName.text);
    if (deck === undefined || deck.type.kind !== "deck") {
      const decks = [...this.host.globalFields.values()].filter((g) => g.type.kind === "deck");
      this.report(
        error(
          deck === undefined ? Codes.unknownName : Codes.typeMismatch,
          deckName.span,
          `\`${deckName.text}\` is not a deck of the game`,
          decks.length > 0
            ? `name one of the game's decks: ${decks.map((d) => d.decl.name.text).join(", ")}`
            : "declare the deck as a global field, `cards: deck<int>`",
        ),
      );
      return;
    }
    // A hand of cards, or one card face down (or none).
    const card = f.type.kind === "list" ? f.type.element : f.type.kind === "optional" ? f.type.inner : undefined;
    if (card === undefined || !sameType(card, deck.type.element)) {
      const element = typeToString(deck.type.element);
      this.report(
        error(
          Codes.typeMismatch,
          f.decl.typeExpr.span,
          `cards dealt from \`${deckName.text}\` are a list<${element}> (or one card, ${element}?), not a ${typeToString(f.type)}`,
          `declare \`${f.decl.name.text}: list<${element}>\`, or \`${f.decl.name.text}: ${element}?\` for one card`,
        ),
      );
    }
  }

  /**
   * What decides whether a field is seen, or how it reads, must not read what some of those players may not see: a
   * condition reading a hidden field tells them something of it by showing or hiding, and a text shows what it
   * reads. A text may read its own field, and a private field's text the same player's private fields.
   */
  private noHiddenReads(
    f: A.FieldDecl,
    e: A.Expr,
    what: "condition" | "text",
    inScope: ReadonlyMap<string, FieldInfo> | undefined,
  ): void {
    forEachExpr(e, (x) => {
      const read = this.fieldRead(x, inScope);
      if (!read || read.visibility.kind === "public") return;
      if (what === "text" && read === f) return;
      if (what === "text" && f.visibility.kind === "private" && read.visibility.kind === "private") return;
      const seen = what === "condition" ? "whether it is seen" : "its text";
      this.report(
        error(
          Codes.misplaced,
          x.span,
          `\`${f.name.text}\` would give away \`${read.name.text}\`: ${seen} reads a field some players may not see`,
          what === "condition"
            ? "decide visibility from what every player sees (the viewer, the owner, public fields)"
            : `show only what every player who sees \`${f.name.text}\` may see`,
        ),
      );
    });
  }

  /** The declaration of the state field `e` reads, if it reads one (`inScope`: the fields named without a dot). */
  private fieldRead(e: A.Expr, inScope: ReadonlyMap<string, FieldInfo> | undefined): A.FieldDecl | undefined {
    if (e.kind === "name" && e.ref?.kind === "global") return this.host.globalFields.get(e.ref.field)?.decl;
    if (e.kind === "name" && e.ref?.kind === "recordField") return inScope?.get(e.ref.field)?.decl;
    if (e.kind !== "member") return undefined;
    const t = e.object.type;
    if (t?.kind === "player") return this.host.playerFields.get(e.name.text)?.decl;
    if (t?.kind === "record") return this.host.records.get(t.name)?.fields.get(e.name.text)?.decl;
    return undefined;
  }

  /**
   * `values hidden` is said of a map: players see its keys, not its values; `elements private` of a list: players see
   * its size, its owner its elements.
   */
  private visibilityFitsType(f: A.FieldDecl, type: Type | undefined): void {
    if (!type || type.kind === "error") return;
    if (f.visibility.kind === "valuesHidden" && type.kind !== "map") {
      this.report(
        error(
          Codes.misplaced,
          f.visibility.span,
          `\`values hidden\` is for a map (its keys shown, its values not); \`${f.name.text}\` is a ${typeToString(type)}`,
          "use `hidden` to show only its size",
        ),
      );
    }
    if (f.visibility.kind === "private" && f.visibility.sizeShown && type.kind !== "list") {
      this.report(
        error(
          Codes.misplaced,
          f.visibility.span,
          `\`elements private\` is for a list (its size shown to all, its elements to its owner); \`${f.name.text}\` is a ${typeToString(type)}`,
          "use `private`",
        ),
      );
    }
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
