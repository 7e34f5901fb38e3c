/**
 * `determinize(state, seat, rng)`: a game a search agent may imagine from one seat, generated from the visibility
 * the rules declare (the same that makes the views). Everything hidden from the seat is dealt again at random among
 * the places of its kind:
 * - a face-down pile (a deck's draw pile, a `hidden` list) is shuffled;
 * - a field the seat cannot see of several players or records (a `private` hand, a `visible if` ship's flag) has its
 *   values, or its lists' elements, dealt again among those players or records;
 * - a hidden list dealt from a deck (`hand: list<int> private from combatDeck`) is dealt again together with the
 *   deck's draw pile, as are all such lists the seat cannot see;
 * - `values hidden` maps have their values dealt again among their keys;
 * - the random generator is drawn afresh, and the secret answers others gave to a simultaneous choice are drawn again
 *   among those they could give.
 * - a player's `private` number, flag or name (no card: nothing it could be dealt from) is imagined like the seat's
 *   own: the others' true values, even dealt among them, would tell the seat which values there are.
 * - what a choice the seat is making offers it (the winner of a fight picking among the loser's cards) it sees: those
 *   cards stay where they lie.
 * What it cannot re-deal it keeps: values the rules hold across a decision in a procedure's fields.
 */
import type { DecisionSite, Expr, FieldInfo, Type } from "@rules/dsl";
import { StructureKind, type StatementStructures } from "ts-morph";
import type { EmitContext } from "./context.ts";
import { chooseScope } from "./decision-domains.ts";
import { describeSite } from "./decisions.ts";
import { plainScope, type Scope } from "./expressions.ts";
import { namesUsed } from "./names-used.ts";
import { hidesSomething, isPlainValue } from "./ts-types.ts";

/** The helper that re-deals the values of places holding a value of type `t` (a deck's place is its pile). */
function redealer(t: Type): string {
  if (t.kind === "list" || t.kind === "deck") return "redealElements";
  if (t.kind === "map") return "redealMapValues";
  return "redealValues";
}

/** The place of a field's value for re-dealing: a deck's is its draw pile. */
function slotOf(t: Type, holder: string, field: string): string {
  return t.kind === "deck" ? `[${holder}.${field}, "pile"] as const` : `[${holder}, ${JSON.stringify(field)}] as const`;
}

/** Whether a value's order or contents are what nobody sees (shuffled where it lies) rather than exchanged. */
function shuffledInPlace(t: Type): boolean {
  return t.kind === "list" || t.kind === "deck" || t.kind === "map";
}

/** The seats whose player field `f` the seat may not see (an expression over `state`, `seat` and `others`). */
function hiddenOwners(ctx: EmitContext, f: FieldInfo): string {
  const vis = f.decl.visibility;
  if (vis.kind === "private") return "others";
  if (vis.kind !== "visibleIf") return "SEATS[state.playerCount]!";
  const scope: Scope = {
    ...plainScope(),
    recordVar: "mine",
    recordType: "PlayerState",
    viewerVar: "seat",
    ownerVar: "owner",
  };
  const condition = ctx.exprs.paren(vis.condition, scope);
  const mine = /\bmine\b/.test(condition) ? "const mine = state.players[owner]!; " : "";
  return `SEATS[state.playerCount]!.filter((owner) => { ${mine}return !${condition}; })`;
}

/** A field as `choicesAmongHidden` names it: a player field as `players.<name>`, a global by its name. */
function fieldKey(ctx: EmitContext, f: FieldInfo): string {
  return ctx.program.playerFields.get(f.decl.name.text) === f ? `players.${f.decl.name.text}` : f.decl.name.text;
}

/** A choice whose answers are elements of a hidden list the chooser does not own, and where that list is kept. */
interface ChoiceAmongHidden {
  readonly site: Extract<DecisionSite, { kind: "choose" }>;
  /** The list's field (`fieldKey`). */
  readonly field: string;
  /** The list itself (`l.cargo`); the loop's list for a loop's pick. */
  readonly list: Expr;
}

/**
 * The choices among the elements of a hidden list (`for some x in l.cargo chosen by w`, `choose c in l.hand by w`):
 * the chooser sees what it is offered, so while it chooses, those elements stay where they lie in the game it
 * imagines. Not followed: a choice among a list worked out from one (a comprehension), and a player's choice among
 * his own cards (the game he imagines keeps them anyway).
 */
function choicesAmongHidden(ctx: EmitContext): ChoiceAmongHidden[] {
  const p = ctx.program;
  const out: ChoiceAmongHidden[] = [];
  for (const d of p.decisions) {
    if (d.kind !== "choose" || d.stmt.each !== undefined) continue;
    const list = d.stmt.loopList ?? d.stmt.domain.from;
    if (list?.kind === "member" && list.object.type?.kind === "player") {
      const chooser = d.stmt.chooser;
      const own = list.object.kind === "name" && chooser.kind === "name" && list.object.name === chooser.name;
      const f = p.playerFields.get(list.name.text);
      if (f !== undefined && f.decl.visibility.kind !== "public" && !own) {
        out.push({ site: d, field: fieldKey(ctx, f), list });
      }
    } else if (list?.kind === "name" && list.ref?.kind === "global") {
      const f = p.globalFields.get(list.ref.field);
      if (f !== undefined && f.decl.visibility.kind !== "public") out.push({ site: d, field: fieldKey(ctx, f), list });
    }
  }
  return out;
}

/**
 * `choiceShown(state, seat)`, for `determinize`: the hidden list whose cards the choice `seat` is making offers it,
 * and the cards offered (what a loop of choices has left, or the whole list); null at any other decision. Undefined
 * when no choice of the rules offers the cards of a hidden list.
 */
export function emitChoiceShown(ctx: EmitContext): StatementStructures | undefined {
  const choices = choicesAmongHidden(ctx);
  if (choices.length === 0) return undefined;
  const cases: string[] = [];
  for (const { site: d, list } of choices) {
    const r = ctx.resumable.get(ctx.routineTag(d.owner))!;
    const scope = chooseScope(ctx, d, "value");
    const listCode = ctx.exprs.emit(list, scope);
    const offered = d.stmt.loopList !== undefined ? ctx.exprs.emit(d.stmt.domain.from!, scope) : "list";
    const code = [`const list = ${listCode};`, `return { list, values: ${offered} };`];
    if ([listCode, offered].some((c) => /\bframe\./.test(c)))
      code.unshift(`const frame = current${r.frameName}(state);`);
    cases.push(`case ${d.site}: {`, `// ${describeSite(ctx, d)}`, ...code, "}");
  }
  return {
    kind: StructureKind.Function,
    name: "choiceShown",
    parameters: [
      { name: "state", type: "State" },
      { name: "seat", type: "Player" },
    ],
    returnType: "ShownCards | null",
    docs: [
      "The cards of a hidden list that the choice `seat` is making offers it, and that list: `seat` sees them, so " +
        "they stay where they lie in a game it imagines. Null when it is making no such choice.",
    ],
    statements: [
      "const pending = state.pending;",
      "if (pending === null || !pending.players.includes(seat)) return null;",
      "switch (pending.site) {",
      ...cases,
      "}",
      "return null;",
    ],
  };
}

export function emitDeterminize(ctx: EmitContext): StatementStructures {
  const p = ctx.program;
  const lines: string[] = [];
  const shownFields = new Set(choicesAmongHidden(ctx).map((c) => c.field));
  /** The last argument of a re-deal by `fn` of `fields`: the cards shown, when it is `redealElements` and a choice may show some. */
  const seenOf = (fn: string, fields: readonly FieldInfo[]): string =>
    fn === "redealElements" && fields.some((f) => shownFields.has(fieldKey(ctx, f))) ? ", shown" : "";
  // Hidden lists whose cards are dealt from a deck (`from`), by deck: re-dealt together with its draw pile.
  const dealt = new Map<string, FieldInfo[]>();
  for (const f of [...p.playerFields.values(), ...p.globalFields.values()]) {
    const deck = f.decl.dealtFrom?.text;
    if (deck !== undefined && f.decl.visibility.kind !== "public") dealt.set(deck, [...(dealt.get(deck) ?? []), f]);
  }
  const perPlayer = (f: FieldInfo): void => {
    if (f.decl.dealtFrom !== undefined && f.decl.visibility.kind !== "public") return;
    const name = f.decl.name.text;
    const vis = f.decl.visibility;
    const slot = (owner: string): string => slotOf(f.type, `state.players[${owner}]!`, name);
    const fn = redealer(f.type);
    if (vis.kind === "public") {
      if (f.type.kind === "deck")
        lines.push(`for (const mine of state.players) redealElements(rng, [[mine.${name}, "pile"]]);`);
      else if (f.type.kind === "map" && f.type.value.kind === "deck") {
        lines.push(
          `for (const mine of state.players) for (const deck of Object.values(mine.${name})) redealElements(rng, [[deck!, "pile"]]);`,
        );
      }
      return;
    }
    if (vis.kind === "hidden" && shuffledInPlace(f.type)) {
      lines.push(`// Each player's ${name}: nobody sees it, it is shuffled where it lies.`);
      lines.push(`for (const owner of SEATS[state.playerCount]!) ${fn}(rng, [${slot("owner")}]);`);
    } else if (vis.kind === "hidden" || vis.kind === "valuesHidden") {
      lines.push(`// Every player's ${name}: nobody sees it, it is exchanged among the players.`);
      lines.push(`${fn}(rng, SEATS[state.playerCount]!.map((owner) => ${slot("owner")}));`);
    } else if (vis.kind === "private" && isPlainValue(p, f.type.kind === "optional" ? f.type.inner : f.type)) {
      // A number or a name is no card: it has no place it could have come from, and dealing the others' true values
      // among them would tell the seat which values there are (with one other, the value itself).
      lines.push(`// The others' ${name}: \`seat\` does not see it, and imagines each like its own.`);
      lines.push(`for (const owner of others) state.players[owner]!.${name} = state.players[seat]!.${name};`);
    } else if (vis.kind === "private") {
      lines.push(`// The others' ${name}: \`seat\` does not see it, it is exchanged among them.`);
      lines.push(`${fn}(rng, others.map((owner) => ${slot("owner")})${seenOf(fn, [f])});`);
    } else {
      lines.push(`// The ${name} of the players whose one \`seat\` may not see: exchanged among them.`);
      lines.push(`${fn}(rng, ${hiddenOwners(ctx, f)}.map((owner) => ${slot("owner")})${seenOf(fn, [f])});`);
    }
  };
  for (const f of p.playerFields.values()) perPlayer(f);

  for (const f of p.globalFields.values()) {
    const name = f.decl.name.text;
    const vis = f.decl.visibility;
    if (f.type.kind === "deck") {
      const hands = dealt.get(name) ?? [];
      if (hands.length === 0) {
        lines.push(`redealElements(rng, [[state.${name}, "pile"]]);`);
        continue;
      }
      // The cards `seat` has not seen: the deck's draw pile and the hands dealt from it that it may not see.
      lines.push(
        `// The cards of ${name} \`seat\` has not seen (its draw pile, ${hands.map((h) => h.decl.name.text).join(", ")}), dealt again.`,
        "redealElements(rng, [",
        `[state.${name}, "pile"],`,
        ...hands.map((h) =>
          p.playerFields.get(h.decl.name.text) === h
            ? `...${hiddenOwners(ctx, h)}.map((owner) => [state.players[owner]!, ${JSON.stringify(h.decl.name.text)}] as const),`
            : h.decl.visibility.kind === "visibleIf"
              ? `...(${ctx.exprs.paren(h.decl.visibility.condition, { ...plainScope(), viewerVar: "seat" })} ? [] : [[state, ${JSON.stringify(h.decl.name.text)}] as const]),`
              : `[state, ${JSON.stringify(h.decl.name.text)}] as const,`,
        ),
        `]${seenOf("redealElements", hands)});`,
      );
      continue;
    }
    if (f.type.kind === "map" && f.type.value.kind === "deck") {
      lines.push(`for (const deck of Object.values(state.${name})) redealElements(rng, [[deck!, "pile"]]);`);
      continue;
    }
    if (vis.kind === "public" || !shuffledInPlace(f.type) || f.decl.dealtFrom !== undefined) continue;
    const whenHidden =
      vis.kind === "visibleIf"
        ? `if (!${ctx.exprs.paren(vis.condition, { ...plainScope(), viewerVar: "seat" })}) `
        : "";
    const fn = redealer(f.type);
    lines.push(`${whenHidden}${fn}(rng, [[state, ${JSON.stringify(name)}]]${seenOf(fn, [f])});`);
  }

  // Records anywhere in the public state: their hidden fields, gathered by record type and field, then re-dealt.
  const gathered = new Map<string, { record: string; field: string; type: Type; shuffled: boolean }>();
  const gather: string[] = [];
  const recordLines = (recordName: string, item: string): string[] => {
    const r = p.records.get(recordName)!;
    const out: string[] = [];
    for (const f of r.fields.values()) {
      const vis = f.decl.visibility;
      if (vis.kind === "public") continue;
      const field = f.decl.name.text;
      const slots = `hidden${recordName}${field.charAt(0).toUpperCase()}${field.slice(1)}`;
      const shuffled = (vis.kind === "hidden" || vis.kind === "valuesHidden") && shuffledInPlace(f.type);
      gathered.set(slots, { record: recordName, field: f.decl.name.text, type: f.type, shuffled });
      const scope: Scope = { ...plainScope(), recordVar: item, recordType: recordName, viewerVar: "seat" };
      const visible =
        vis.kind === "private"
          ? `(seat === ${item}.owner)`
          : vis.kind === "visibleIf"
            ? ctx.exprs.paren(vis.condition, scope)
            : "false";
      const slot = slotOf(f.type, item, f.decl.name.text);
      out.push(visible === "false" ? `${slots}.push(${slot});` : `if (!${visible}) ${slots}.push(${slot});`);
    }
    return out;
  };
  const walk = (t: Type, code: string, depth: number): string[] => {
    if (t.kind === "record" && hidesSomething(p, t)) return recordLines(t.name, code);
    if (t.kind === "list" && hidesSomething(p, t.element)) {
      const item = `item${depth}`;
      return [`for (const ${item} of ${code}) {`, ...walk(t.element, item, depth + 1), "}"];
    }
    return [];
  };
  for (const f of p.globalFields.values()) {
    if (f.decl.visibility.kind === "public") gather.push(...walk(f.type, `state.${f.decl.name.text}`, 0));
  }
  for (const f of p.playerFields.values()) {
    if (f.decl.visibility.kind !== "public" || !hidesSomething(p, f.type)) continue;
    gather.push("for (const mine of state.players) {", ...walk(f.type, `mine.${f.decl.name.text}`, 0), "}");
  }
  if (gathered.size > 0) {
    lines.push("// Records: their hidden fields, by record type and field.");
    lines.push(
      ...[...gathered.keys()].map((slots) => `const ${slots}: (readonly [object, string])[] = [];`),
      ...gather,
    );
    for (const [slots, g] of gathered) {
      const fn = redealer(g.type);
      lines.push(g.shuffled ? `for (const slot of ${slots}) ${fn}(rng, [slot]);` : `${fn}(rng, ${slots});`);
    }
  }
  if (p.decisions.some((d) => d.kind === "choose" && d.stmt.each)) {
    lines.push(
      "// What the others answered to a simultaneous choice is secret: in the imagined game, anything they could.",
      'if (state.pending !== null && "answers" in state.pending) {',
      "redealAnswers(rng, state.pending, seat, (other) => legalActions(state, other));",
      "}",
    );
  }
  // Read by the code itself: a comment may say "the others" too.
  const usesOthers = namesUsed(lines.join("\n")).has("others");
  return {
    kind: StructureKind.Function,
    name: "determinize",
    parameters: [
      { name: "real", type: "State" },
      { name: "seat", type: "Player" },
      { name: "rng", type: "RngState" },
    ],
    returnType: "State",
    docs: [
      "A game `seat` may imagine from what it sees, for search agents: a copy of `real` in which what the rules hide " +
        "from `seat` is dealt again at random among the places of its kind (face-down piles shuffled, hands dealt " +
        "again with the deck they come from, other players' hidden values exchanged), with a fresh random generator " +
        "drawn from `rng`. Its view for `seat` is the real one.",
    ],
    statements: [
      // The derived data comes along: the same in the imagined game.
      "const state = cloneState(real);",
      "state.rng = imaginedRng(rng);",
      ...(usesOthers ? ["const others = SEATS[state.playerCount]!.filter((owner) => owner !== seat);"] : []),
      ...(shownFields.size > 0
        ? [
            "// What a choice `seat` is making offers it, it sees: those cards stay where they lie.",
            "const shown = choiceShown(state, seat);",
          ]
        : []),
      ...lines,
      "return state;",
    ],
  };
}
