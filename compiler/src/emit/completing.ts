/**
 * `completing { ... }`: the search that keeps, at a decision inside a block, only the answers after which the block
 * can still be finished (a payment the rest of which can still be paid).
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from "ts-morph";
import type { Program } from "@rules/dsl";
import type { EmitContext } from "./context.ts";
import { str } from "./naming.ts";
import { ownAnswerCases } from "./offers.ts";

/**
 * Whether the rules have `completing` blocks. A `can` is numbered with them (`COMPLETING_BLOCKS`), but its trials
 * (trials.ts) need none of the machinery below: no block under way in the state, no search at each answer.
 */
export function hasCompletingBlocks(program: Program): boolean {
  return program.completing.some((b) => b.kind !== "can");
}

/**
 * `completing { ... }`: the answers a decision of the rules offers by itself (without what `allow` adds), and the
 * search that keeps, inside a block, only those after which some answers to the block's later decisions reach its
 * end. Empty when the rules have no such block.
 */
export function emitCompleting(ctx: EmitContext): (FunctionDeclarationStructure | StatementStructures)[] {
  const blocks = ctx.program.completing;
  if (blocks.length === 0) return [];
  const described = blocks.map((b) => {
    const refusal =
      b.kind === "can"
        ? `That answer leaves no way to play ${b.call.callee.text} to its end.`
        : (b.message?.value ?? `That answer leaves no way to finish the step that begins at line ${b.span.line}.`);
    const what =
      b.kind === "can"
        ? `\`can ${b.call.callee.text}(...)\` at line ${b.span.line}`
        : `the \`completing\` block at line ${b.span.line}`;
    return `{ what: ${str(what)}, refusal: ${str(refusal)} }`;
  });
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "Each search by its number (a `completing` block, or a `can`): where it stands, and the refusal of an answer after which it could not be finished.",
      ],
      declarations: [
        {
          name: "COMPLETING_BLOCKS",
          type: "readonly { readonly what: string; readonly refusal: string }[]",
          initializer: `[${described.join(", ")}]`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["How many decisions in a row a search plays before it calls the block endless."],
      declarations: [{ name: "SEARCH_LIMIT", initializer: "200" }],
    },
    ...(hasCompletingBlocks(ctx.program) ? blockSearch(ctx) : []),
  ];
}

/** The search of `completing` blocks: the answers that let the blocks under way be finished. */
function blockSearch(ctx: EmitContext): (FunctionDeclarationStructure | StatementStructures)[] {
  const cases = ownAnswerCases(ctx);
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Let,
      docs: [
        "True while a search plays copies of the game: their decisions count every answer (the search itself tries them), rather than search again.",
      ],
      declarations: [{ name: "searching", initializer: "false" }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Let,
      docs: [
        "Set when the copy a search plays reaches the end of the outermost `completing` block: the rules stop there.",
      ],
      declarations: [{ name: "blockFinished", initializer: "false" }],
    },
    {
      kind: StructureKind.Function,
      name: "ownAnswers",
      parameters: [
        { name: "state", type: "State" },
        { name: "site", type: "number" },
        { name: "seat", type: "Player" },
        { name: "out", type: "Action[]" },
      ],
      returnType: "void",
      docs: ["The answers decision `site` offers `seat` by itself: its own actions or values, nothing `allow` adds."],
      statements: cases.length > 0 ? ["switch (site) {", ...cases, "}"] : [],
    },
    {
      kind: StructureKind.Function,
      name: "finishesBlocks",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
      ],
      returnType: "boolean",
      docs: [
        "Whether answering `action` now lets the `completing` blocks under way be finished: true at once outside them, or within a search.",
      ],
      statements: [
        "if (state.completing.length === 0 || searching) return true;",
        "searching = true;",
        "try {",
        // Most answers can be finished by taking the last answer offered at every later decision: that path, on one
        // copy, is tried first; only when it ends at a decision with no answer, having passed others, is every path
        // searched.
        "const probe = copyForSearch(state);",
        "apply(probe, action);",
        "const taken = takingLast(probe);",
        'if (taken !== "open") return taken === "finished";',
        "const copy = copyForSearch(state);",
        "apply(copy, action);",
        "return canFinish(copy, 1);",
        "} finally {",
        "searching = false;",
        "blockFinished = false;",
        "}",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "finishesAmongOthers",
      parameters: [
        { name: "state", type: "State" },
        { name: "action", type: "Action" },
      ],
      returnType: "boolean",
      docs: [
        "Whether `action`, an answer to the pending decision, is offered inside `completing` blocks: as the only answer there is, or as one that lets the blocks be finished.",
      ],
      statements: [
        "if (state.completing.length === 0 || searching) return true;",
        "const answers: Action[] = [];",
        "ownAnswers(state, state.pending!.site, action.player, answers);",
        "return answers.length <= 1 || finishesBlocks(state, action);",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "searchAnswers",
      parameters: [
        { name: "state", type: "State" },
        { name: "steps", type: "number" },
      ],
      returnType: "Action[]",
      docs: [
        "The answers a search tries at the pending decision, `steps` decisions into the block: more than the limit, and the block never ends.",
      ],
      statements: [
        "if (steps > SEARCH_LIMIT)",
        "throw new RulesError(`${COMPLETING_BLOCKS[state.completing[0]!.block]!.what} asked more than ${SEARCH_LIMIT} decisions without ending`);",
        "const pending = state.pending!;",
        "const answers: Action[] = [];",
        "for (const seat of pending.players) ownAnswers(state, pending.site, seat, answers);",
        "return answers;",
      ],
    },
    {
      kind: StructureKind.Function,
      name: "takingLast",
      parameters: [{ name: "state", type: "State" }],
      returnType: '"finished" | "stuck" | "open"',
      docs: [
        "Takes the last answer offered at each decision from here: `finished` when that reaches the end of the `completing` blocks; `stuck` when it comes to a decision with no answer and every decision on the way had that one answer only (there is no other way); `open` when other answers were left untried. Changes `state`.",
      ],
      statements: [
        "let alone = true;",
        "for (let steps = 1; !blockFinished && state.completing.length > 0 && state.pending !== null; steps++) {",
        "const answers = searchAnswers(state, steps);",
        'if (answers.length === 0) return alone ? "stuck" : "open";',
        "if (answers.length > 1) alone = false;",
        "apply(state, answers[answers.length - 1]!);",
        "}",
        "blockFinished = false;",
        'return "finished";',
      ],
    },
    {
      kind: StructureKind.Function,
      name: "canFinish",
      parameters: [
        { name: "state", type: "State" },
        { name: "steps", type: "number" },
      ],
      returnType: "boolean",
      docs: [
        "Whether some answers to the decisions from here reach the end of the `completing` blocks (or of the game): each answer is tried on its own copy, depth first. Changes `state`.",
      ],
      statements: [
        "if (blockFinished || state.completing.length === 0 || state.pending === null) {",
        "blockFinished = false;",
        "return true;",
        "}",
        "const answers = searchAnswers(state, steps);",
        "if (answers.length === 1) {",
        "apply(state, answers[0]!);",
        "return canFinish(state, steps + 1);",
        "}",
        // Last offered first: a choice's none (stop here) and the last sources of a list often finish soonest.
        "for (let i = answers.length - 1; i >= 0; i--) {",
        "const copy = copyForSearch(state);",
        "apply(copy, answers[i]!);",
        "if (canFinish(copy, steps + 1)) return true;",
        "}",
        "return false;",
      ],
    },
  ];
}
