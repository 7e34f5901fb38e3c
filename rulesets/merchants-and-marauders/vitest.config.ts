import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["generated/**/*.test.ts"],
    // A random game of Merchants & Marauders is about 300 actions: the generated conformance checks, which throw
    // illegal actions at every decision point, take 2-4 s per configuration here, and a loaded CI machine more.
    testTimeout: 30_000,
  },
});
