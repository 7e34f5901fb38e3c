/**
 * The checker's part for maps: `map<K, V>` types, map literals and comprehensions, lookups `m[k]`, and the builtins
 * that ask a map about its keys (`has`, `keys`, `values`). Like `checker-unions.ts`, it works through a small host
 * interface of the main checker.
 */
import type * as A from "./ast.ts";
import { Codes, error, type Diagnostic } from "./diagnostics.ts";
import { BOOL, ERROR, INT, listOf, mapOf, optionalOf, sameType, typeToString, UNKNOWN, type Type } from "./types.ts";

/**
 * Names every JavaScript object has (`constructor`, `toString`, `__proto__`...). Engines read a map's keys as plain
 * properties, so an enum with a member of such a name cannot key a map.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export interface MapHost {
  readonly diagnostics: Diagnostic[];
  expr(e: A.Expr, expected: Type | undefined): Type;
  pushScope(): void;
  popScope(): void;
  bind(name: A.Name, type: Type, origin: A.LocalSymbol["origin"]): A.LocalSymbol;
  resolveType(t: A.TypeExpr): Type;
  /** The element type of a list, reporting anything else. */
  elementType(t: Type, span: A.Span): Type;
  isUnion(enumName: string): boolean;
  readonly enums: ReadonlyMap<string, A.EnumDecl>;
}

/** Whether values of `t` can key a map: plain enum members, players, numbers and hexes compare by value. */
export function isKeyType(t: Type): boolean {
  return t.kind === "enum" || t.kind === "player" || t.kind === "int" || t.kind === "hex" || t.kind === "cell";
}

export class MapChecker {
  constructor(private readonly host: MapHost) {}

  private report(d: Diagnostic): void {
    this.host.diagnostics.push(d);
  }

  /** `map<K, V>` as written. */
  resolve(t: Extract<A.TypeExpr, { kind: "map" }>): Type {
    const key = this.host.resolveType(t.key);
    const value = this.host.resolveType(t.value);
    const keyOk = isKeyType(key) && !(key.kind === "enum" && this.host.isUnion(key.name));
    if (!keyOk && key.kind !== "error") {
      this.report(
        error(
          Codes.typeMismatch,
          t.key.span,
          `a map's keys are members of a plain enum, players, numbers, hexes or cells, not ${typeToString(key)}`,
          "key the map by what identifies the thing (an id, a position, a player)",
        ),
      );
      return mapOf(ERROR, value);
    }
    if (key.kind === "enum") {
      const clash = this.host.enums.get(key.name)?.members.find((m) => INHERITED_NAMES.has(m.name.text));
      if (clash) {
        this.report(
          error(
            Codes.invalidValue,
            t.key.span,
            `\`${key.name}\` cannot key a map: its member \`${clash.name.text}\` has a name every engine object already uses`,
            `rename the member (line ${clash.name.span.line})`,
          ),
        );
      }
    }
    return mapOf(key.kind === "int" ? { kind: "int" } : key, value);
  }

  /** `{ k: v, ... }`: the keys and values take their types from what is expected, or from the first entry. */
  literal(e: A.MapLit, expected: Type | undefined): Type {
    const want = expected?.kind === "map" ? expected : undefined;
    if (e.entries.length === 0) return want ?? mapOf(UNKNOWN, UNKNOWN);
    const [first, ...rest] = e.entries;
    const key = this.key(first!.key, want?.key);
    const value = this.host.expr(first!.value, want?.value);
    for (const x of rest) {
      this.host.expr(x.key, want?.key ?? key);
      this.host.expr(x.value, want?.value ?? value);
    }
    return want ?? mapOf(key, value);
  }

  /** `{ k: v for x in list if c }` */
  comprehension(e: A.MapComprehension, expected: Type | undefined): Type {
    const want = expected?.kind === "map" ? expected : undefined;
    const element = this.host.elementType(this.host.expr(e.iterable, undefined), e.iterable.span);
    this.host.pushScope();
    e.symbol = this.host.bind(e.variable, element, "binder");
    e.symbol.used = true;
    if (e.condition) this.host.expr(e.condition, BOOL);
    const key = this.key(e.key, want?.key);
    const value = this.host.expr(e.value, want?.value);
    this.host.popScope();
    return want ?? mapOf(key, value);
  }

  private key(e: A.Expr, expected: Type | undefined): Type {
    const t = this.host.expr(e, expected);
    if (!expected && !isKeyType(t) && t.kind !== "error") {
      this.report(
        error(
          Codes.typeMismatch,
          e.span,
          `a map's keys are members of a plain enum, players, numbers, hexes or cells, not ${typeToString(t)}`,
          "key the map by one of those, or keep a list of records instead",
        ),
      );
      return ERROR;
    }
    return t.kind === "int" ? { kind: "int" } : t;
  }

  /** `m[k]`: the value for key `k` (a missing key stops the game with an error). */
  lookup(e: A.Index, map: Extract<Type, { kind: "map" }>): Type {
    this.host.expr(e.index, map.key.kind === "unknown" ? undefined : map.key);
    return map.value.kind === "unknown" ? ERROR : map.value;
  }

  /** `has(m, k)`, `get(m, k)`, `keys(m)`, `values(m)`; undefined for other builtins. */
  /**
   * `steps(links, a, b)` and `within(links, a, k)`: a graph is a map from each place to the places next to it
   * (`map<Zone, list<Zone>>`), built like any map (from a table of edges, in a constant or derived data).
   */
  private graph(e: A.Call, name: "steps" | "within"): Type {
    const [links, from, last] = e.args;
    const t = links ? this.host.expr(links, undefined) : ERROR;
    const ok = t.kind === "map" && t.value.kind === "list" && sameType(t.value.element, t.key);
    if (!ok && t.kind !== "error" && links) {
      this.report(
        error(
          Codes.typeMismatch,
          links.span,
          `\`${name}\` goes along links: a map from each place to the places next to it, not ${typeToString(t)}`,
          "e.g. `map<Zone, list<Zone>>`, built from a table of edges",
        ),
      );
    }
    const place = ok && t.kind === "map" ? t.key : undefined;
    if (from) this.host.expr(from, place);
    if (name === "steps") {
      if (last) this.host.expr(last, place);
      return optionalOf(INT);
    }
    if (last) this.host.expr(last, INT);
    return listOf(place ?? ERROR);
  }

  builtin(e: A.Call, name: string): Type | undefined {
    if (name === "steps" || name === "within") return this.graph(e, name);
    if (name !== "has" && name !== "get" && name !== "keys" && name !== "values") return undefined;
    const [m, k] = e.args;
    const t = m ? this.host.expr(m, undefined) : ERROR;
    const map = t.kind === "map" ? t : undefined;
    if (!map && t.kind !== "error" && m) {
      this.report(
        error(
          Codes.typeMismatch,
          m.span,
          `\`${name}\` takes a map, found ${typeToString(t)}`,
          t.kind === "list" && name === "has"
            ? "for a list, write `contains(list, value)`"
            : `give it a map: \`${name}(m, ...)\``,
        ),
      );
    }
    if (name === "has" || name === "get") {
      if (k) this.host.expr(k, map?.key);
      if (name === "has") return BOOL;
      if (!map) return ERROR;
      return map.value.kind === "optional" ? map.value : optionalOf(map.value);
    }
    if (!map) return listOf(ERROR);
    return listOf(name === "keys" ? map.key : map.value);
  }
}
