import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    clearMocks: true,
    restoreMocks: true,
    // The suite runs on loaded 2-core machines (load averages of 12 and more): a timeout is there to
    // end a hang, never to measure speed (bench/ does), so it is generous, and the only time bound a
    // test has. Tests that run whole scenarios set longer ones.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
