import { describe, expect, it } from "vitest";
import { canonicalJson, fnv1a32, stateChecksum } from "../src/index.ts";

describe("canonicalJson", () => {
  it("sorts object keys at every depth, so equal values give equal text", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it("treats undefined like JSON.stringify does", () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });
});

describe("fnv1a32", () => {
  it("matches the reference FNV-1a 32 values", () => {
    expect(fnv1a32("")).toBe("811c9dc5");
    expect(fnv1a32("a")).toBe("e40c292c");
    expect(fnv1a32("foobar")).toBe("bf9cf968");
  });

  it("hashes UTF-8 bytes", () => {
    expect(fnv1a32("é")).not.toBe(fnv1a32("e"));
  });
});

describe("stateChecksum", () => {
  it("ignores key order but not values", () => {
    expect(stateChecksum({ a: 1, b: [1, 2] })).toBe(stateChecksum({ b: [1, 2], a: 1 }));
    expect(stateChecksum({ a: 1, b: [1, 2] })).not.toBe(stateChecksum({ a: 1, b: [2, 1] }));
  });
});
