import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["generated/**/*.test.ts"],
    // Glen More's random games have many decision points (activations, market sales, clan moves): the generated
    // conformance checks that compare whole states at every point need more than the default 5 s with 5 players.
    testTimeout: 30_000,
  },
});
