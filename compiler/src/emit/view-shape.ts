/**
 * `VIEW_SHAPE`: the view's shape from the rules' types (see the runtime's `ViewShape`), for generic boards.
 */
import type { FieldInfo, Program, Type } from "@rules/dsl";
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";

function valueShape(t: Type): unknown {
  switch (t.kind) {
    case "list":
    case "deck":
      return { kind: t.kind, of: valueShape(t.element) };
    case "optional":
      return { kind: "optional", of: valueShape(t.inner) };
    case "map":
      return { kind: "map", key: valueShape(t.key), value: valueShape(t.value) };
    case "enum":
    case "record":
      return { kind: t.kind, name: t.name };
    case "int":
    case "bool":
    case "string":
    case "player":
    case "hex":
    case "cell":
      return { kind: t.kind };
    default:
      return { kind: "int" };
  }
}

function fields(map: ReadonlyMap<string, FieldInfo>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of map) {
    out[name] = {
      type: valueShape(f.type),
      visibility: f.decl.visibility.kind,
      ...(f.decl.shown === undefined ? {} : { shown: true }),
    };
  }
  return out;
}

/**
 * The derived data a board drawn for the players shows (`boardView`): the derived fields every player may see that
 * lay something on squares or cells (a map keyed by them, a list of them).
 */
export function boardFields(program: Program): Map<string, FieldInfo> {
  const isPlace = (t: Type): boolean => t.kind === "hex" || t.kind === "cell";
  const onBoard = (t: Type): boolean =>
    t.kind === "map" ? isPlace(t.key) : t.kind === "list" && (isPlace(t.element) || onBoard(t.element));
  return new Map([...program.derivedFields].filter(([name, f]) => program.publicDerived.has(name) && onBoard(f.type)));
}

/**
 * The constants a board drawn for the players shows as a map of places (`boardView`): a map from each member of an
 * enum to a list of its members, the places next to each (M&M's sea zones, `SEA_LINKS`).
 */
export function boardGraphs(program: Program): Map<string, Type> {
  const isPlace = (t: Type): t is Extract<Type, { kind: "enum" }> => t.kind === "enum" && !program.unions.has(t.name);
  return new Map(
    [...program.consts]
      .filter(([, c]) => {
        const t = c.type;
        return (
          t.kind === "map" &&
          isPlace(t.key) &&
          t.value.kind === "list" &&
          isPlace(t.value.element) &&
          t.value.element.name === t.key.name
        );
      })
      .map(([name, c]) => [name, c.type]),
  );
}

export function emitViewShape(program: Program): StatementStructures {
  const board = {
    ...fields(boardFields(program)),
    ...Object.fromEntries(
      [...boardGraphs(program)].map(([name, t]) => [name, { type: valueShape(t), visibility: "public" }]),
    ),
  };
  const shape = {
    players: fields(program.playerFields),
    table: fields(program.globalFields),
    records: Object.fromEntries([...program.records.values()].map((r) => [r.decl.name.text, fields(r.fields)])),
    ...(Object.keys(board).length > 0 ? { board } : {}),
  };
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The shape of the views, from the rules' types: what a generic board needs to draw this game."],
    declarations: [{ name: "VIEW_SHAPE", type: "ViewShape", initializer: JSON.stringify(shape) }],
  };
}
