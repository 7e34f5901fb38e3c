/**
 * Statements that stand for several: the AST of the rules they mean, built from their parts. A loop of choices and a
 * timing window are written in terms of `let`, `while`, `choose`, `act`..., so that the checker, the emitter and the
 * engines (frames, saves, views, random players) treat them with what they already have.
 *
 * Their hidden locals are named `<name>$<role>`: `$` is not part of the language, so no designer's name can clash.
 */
import type * as A from "./ast.ts";

type Label = NonNullable<A.ChooseStmt["label"]>;

/** `for [some] x in list chosen by p [shown "..."] [where c [else "..."]] { body }`, in parts. */
export interface LoopOfChoices {
  readonly span: A.Span;
  readonly variable: A.Name;
  readonly some: boolean;
  readonly list: A.Expr;
  readonly chooser: A.Expr;
  /** `taking n`: at most n picks (exactly n without `some`, when the list has that many). */
  readonly limit: A.Expr | undefined;
  readonly condition: A.Expr | undefined;
  readonly refusal: { readonly message: string; readonly messageParts?: A.TextPart[] } | undefined;
  readonly label: Label | undefined;
  readonly body: A.Block;
}

/**
 * Every element of the list (as it was when the loop began) once, in the order p picks, or with `some` until p answers
 * none:
 *
 *     let x$left = list
 *     (taking n: let x$limit = n  let x$taken = 0)
 *     while size(x$left) > 0 (taking n: and x$taken < x$limit) {
 *       choose x: <element>[?] in x$left by p [where c]
 *       (with some: if let x = x { ... } else { break })
 *       remove x from x$left
 *       (taking n: x$taken += 1)
 *       body
 *     }
 *
 * The decision is named like the variable (tests answer `x(value)`).
 */
export function loopOfChoices(l: LoopOfChoices): A.Stmt[] {
  const { span, variable, body } = l;
  const build = builders(span);
  const left = { text: `${variable.text}$left`, span: variable.span };
  const element: A.TypeExpr = { kind: "inferred", span: variable.span };
  const choose: A.ChooseStmt = {
    kind: "choose",
    span,
    name: variable,
    domain: {
      span,
      typeExpr: l.some ? { kind: "optional", inner: element, span: variable.span } : element,
      from: build.ref(left),
    },
    chooser: l.chooser,
    each: undefined,
    pickOfLoop: true,
    loopList: l.list,
    condition: l.condition,
    message: l.refusal?.message,
    ...(l.refusal?.messageParts ? { messageParts: l.refusal.messageParts } : {}),
    ...(l.label ? { label: l.label } : {}),
  };
  const limit = { text: `${variable.text}$limit`, span: variable.span };
  const taken = { text: `${variable.text}$taken`, span: variable.span };
  const count: A.Stmt[] = l.limit
    ? [{ kind: "assign", span, op: "+=", target: build.ref(taken), value: { kind: "int", span, value: 1 } }]
    : [];
  const take: A.Stmt[] = [
    { kind: "remove", span, value: build.ref(variable), list: build.ref(left) },
    ...count,
    ...body.statements,
  ];
  const picks: A.Stmt[] = l.some
    ? [
        choose,
        {
          kind: "if",
          span,
          binding: variable,
          condition: build.ref(variable),
          then: { span: body.span, statements: take },
          otherwise: { span, statements: [{ kind: "break", span }] },
        },
      ]
    : [choose, ...take];
  const more: A.Expr = l.limit
    ? {
        kind: "binary",
        span,
        op: "and",
        left: build.nonEmpty(left),
        right: { kind: "binary", span, op: "<", left: build.ref(taken), right: build.ref(limit) },
      }
    : build.nonEmpty(left);
  const counters: A.Stmt[] = l.limit
    ? [
        { kind: "let", span, name: limit, typeExpr: undefined, value: l.limit },
        { kind: "let", span, name: taken, typeExpr: undefined, value: { kind: "int", span, value: 0 } },
      ]
    : [];
  return [
    { kind: "let", span, name: left, typeExpr: undefined, value: l.list, leftOfChoices: true },
    ...counters,
    { kind: "while", span, condition: more, body: { span: body.span, statements: picks } },
  ];
}

/** `window glory "after the rolls": PlayGlory | Decline by order`, in parts. */
export interface TimingWindow {
  readonly span: A.Span;
  readonly choice: A.Name;
  readonly actions: A.Name[];
  readonly moment: Label;
  readonly order: A.Expr;
}

/**
 * A shared moment (M&M §5.8). Every player of the order who could take one of the actions now says, secretly and all
 * at once, whether he announces one; then each announcer, in the order, takes one of them. Announcements repeat while
 * there are new ones; a player announces at most once per window, so it ends:
 *
 *     let glory$done: list<Player> = []
 *     let glory$open = true
 *     while glory$open {
 *       glory$open = false
 *       let glory$able = [glory$q for glory$q in order if not contains(glory$done, glory$q) and (offers(glory$q, A) or ...)]
 *       if size(glory$able) > 0 {
 *         choose glory: bool by each glory$who in glory$able shown "after the rolls"
 *         for glory$who in glory$able {
 *           if glory[glory$who] {
 *             glory$open = true
 *             add glory$who to glory$done
 *             if offers(glory$who, A) or ... { act glory$who: A | ... }
 *           }
 *         }
 *       }
 *     }
 */
export function timingWindow(w: TimingWindow): A.Stmt[] {
  const { span, choice, actions } = w;
  const build = builders(span);
  const hidden = (role: string): A.Name => ({ text: `${choice.text}$${role}`, span: choice.span });
  const [done, open, able, who, q] = ["done", "open", "able", "who", "q"].map(hidden) as [
    A.Name,
    A.Name,
    A.Name,
    A.Name,
    A.Name,
  ];
  const mayAct = (player: A.Expr): A.Expr =>
    actions
      .map((a) => build.call("offers", player, build.ref(a)))
      .reduce((l, r): A.Expr => ({ kind: "binary", span, op: "or", left: l, right: r }));
  const eligible: A.Expr = {
    kind: "comprehension",
    span,
    element: build.ref(q),
    variable: q,
    iterable: w.order,
    condition: {
      kind: "binary",
      span,
      op: "and",
      left: { kind: "unary", span, op: "not", operand: build.call("contains", build.ref(done), build.ref(q)) },
      right: mayAct(build.ref(q)),
    },
  };
  const announce: A.ChooseStmt = {
    kind: "choose",
    span,
    name: choice,
    domain: { span, typeExpr: { kind: "named", name: { text: "bool", span }, span }, from: undefined },
    chooser: build.ref(able),
    each: who,
    condition: undefined,
    message: undefined,
    label: w.moment,
  };
  const announcer: A.Stmt = {
    kind: "if",
    span,
    binding: undefined,
    condition: { kind: "index", span, object: build.ref(choice), index: build.ref(who) },
    then: {
      span,
      statements: [
        build.assign(open, build.bool(true)),
        { kind: "add", span, value: build.ref(who), list: build.ref(done), atTop: false },
        {
          kind: "if",
          span,
          binding: undefined,
          condition: mayAct(build.ref(who)),
          then: { span, statements: [{ kind: "act", span, player: build.ref(who), actions }] },
          otherwise: undefined,
        },
      ],
    },
    otherwise: undefined,
  };
  const players: A.TypeExpr = { kind: "list", element: { kind: "named", name: { text: "Player", span }, span }, span };
  return [
    { kind: "let", span, name: done, typeExpr: players, value: { kind: "list", span, elements: [] } },
    { kind: "let", span, name: open, typeExpr: undefined, value: build.bool(true) },
    {
      kind: "while",
      span,
      condition: build.ref(open),
      body: {
        span,
        statements: [
          build.assign(open, build.bool(false)),
          { kind: "let", span, name: able, typeExpr: undefined, value: eligible },
          {
            kind: "if",
            span,
            binding: undefined,
            condition: build.nonEmpty(able),
            then: {
              span,
              statements: [
                announce,
                {
                  kind: "for",
                  span,
                  variable: who,
                  iterable: build.ref(able),
                  body: { span, statements: [announcer] },
                },
              ],
            },
            otherwise: undefined,
          },
        ],
      },
    },
  ];
}

/** Small pieces of AST, all placed at the statement they stand for. */
function builders(span: A.Span) {
  const ref = (x: A.Name): A.Expr => ({ kind: "name", name: x.text, span: x.span });
  const call = (callee: string, ...args: A.Expr[]): A.Expr => ({
    kind: "call",
    span,
    callee: { text: callee, span },
    args,
    namedArgs: [],
  });
  return {
    ref,
    call,
    bool: (value: boolean): A.Expr => ({ kind: "bool", span, value }),
    assign: (target: A.Name, value: A.Expr): A.Stmt => ({ kind: "assign", span, op: "=", target: ref(target), value }),
    /** `size(list) > 0` */
    nonEmpty: (list: A.Name): A.Expr => ({
      kind: "binary",
      span,
      op: ">",
      left: call("size", ref(list)),
      right: { kind: "int", span, value: 0 },
    }),
  };
}
