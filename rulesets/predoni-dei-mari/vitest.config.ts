import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["generated/**/*.test.ts"],
    // Random Predoni games run to the round limit (A45: no random game conquers three cities), about 200 decision
    // points per player; the generated conformance checks that compare whole states at every point need more than
    // the default 5 s with 4 or 5 players.
    testTimeout: 60_000,
  },
});
