import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The front end is pure (its one parser instance is reset for every input), so test files may share modules:
    // importing Chevrotain and building the parser once per worker instead of once per file halves the run time.
    isolate: false,
  },
});
