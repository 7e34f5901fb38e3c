/**
 * Stable hashing of JSON values, for save checksums.
 *
 * `JSON.stringify` keeps insertion order, so two equal states built in different orders would hash differently.
 * Canonical JSON sorts object keys, which makes the text (and so the hash) depend only on the value.
 */

/** JSON text of `value` with object keys sorted, no whitespace; `undefined` behaves as in `JSON.stringify`. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // Primitives: JSON.stringify already writes them canonically (and turns NaN/Infinity into null).
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value as unknown[]) items.push(isOmitted(item) ? "null" : canonicalJson(item));
    return `[${items.join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const field = record[key];
    if (isOmitted(field)) continue;
    fields.push(`${JSON.stringify(key)}:${canonicalJson(field)}`);
  }
  return `{${fields.join(",")}}`;
}

/** Values JSON has no text for: dropped from objects, `null` in arrays. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

const utf8 = new TextEncoder();

/** FNV-1a 32-bit hash of the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export function fnv1a32(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of utf8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The checksum a save records for its state. */
export function stateChecksum(state: unknown): string {
  return fnv1a32(canonicalJson(state));
}
