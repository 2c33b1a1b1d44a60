import { defineConfig } from "vitest/config";

// Three layers, one runner: unit (pure code), integration (the app through
// app.inject on a fresh database) and e2e (real Chromium against the built app).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "src/**/*.faults.test.ts", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["src/**/*.int.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // Each file boots its own database; two workers fit a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "faults",
          sequence: { groupOrder: 2 },
          include: ["src/**/*.faults.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 3 },
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser at a time: two Chromiums and two servers on 2 cores made timing flaky.
          maxWorkers: 1,
          globalSetup: ["e2e/support/global-setup.ts"],
          // A browser on a busy 2-core machine can take seconds to settle; polls wait for it.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
