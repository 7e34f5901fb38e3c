import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests start the real command line (a child process per case).
    testTimeout: 60_000,
    // The browser tests launch chromium before their tests: on a 2-core machine busy with the other test files, that
    // took more than the default 10 s once.
    hookTimeout: 60_000,
  },
});
