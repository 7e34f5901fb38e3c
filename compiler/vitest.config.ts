import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests start the real command line (a child process per case).
    testTimeout: 60_000,
  },
});
