/**
 * Where a compile writes in a ruleset's folder (a module of its own: the CLI reads it without loading the
 * compiler).
 */
export const ENGINE_FILE = "generated/engine.ts";
export const TESTS_FILE = "generated/engine.test.ts";
export const GENERATED_FILES: readonly string[] = [ENGINE_FILE, TESTS_FILE];
