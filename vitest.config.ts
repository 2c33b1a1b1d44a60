import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./e2e/support/file-order.js";

// Three layers, one runner: unit (pure code), integration (the app through
// app.inject on a fresh database) and e2e (real Chromium against the built app).

/**
 * End-to-end files whose checks hold the app to wall-clock time (a save that must leave
 * before the 2 s autosave, a refusal shown within 5 s, the landing page's live demos on
 * their clock): with E2E_SPLIT=1 (`npm test`) they run one at a time after the others, so a
 * neighbouring browser cannot make them late. Every other file runs in parallel workers.
 */
const E2E_ALONE = ["e2e/edits-kept.e2e.ts", "e2e/save-refused.e2e.ts", "e2e/public-pages.e2e.ts"];
const E2E_SPLIT = process.env.E2E_SPLIT === "1";
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Integration files that need modules of their own: they replace a module with vi.mock, or
 * check a module-level singleton's state from the start of the file (a loaded font, the
 * grammar checker's process).
 */
const INTEGRATION_ISOLATED = [
  "src/server/realtime/visitors.int.test.ts",
  "src/server/ai/grammar-lifetime.int.test.ts",
  // Checks that a Latin-only PDF reads no fallback font: another file's export may have loaded them.
  "src/server/export/pdf-scripts.int.test.ts",
];

const integrationCommon = {
  environment: "node" as const,
  // One migrated database image for every file's fresh PGlite, and on PostgreSQL one migrated
  // template database for every throwaway database (see the files).
  globalSetup: ["src/server/test/pglite-image.global.ts", "src/server/test/postgres-template.global.ts"],
  testTimeout: 30_000,
  hookTimeout: 180_000,
  // Each file boots its own database; two workers fit a 2-core machine.
  maxWorkers: 2,
};

const e2eCommon = {
  environment: "node" as const,
  // Files in a worker share its loaded modules (playwright-core, the helpers): each file still
  // starts its own server and browser, and the helpers keep no state of their own. Saves the
  // worker's start and imports per file: 4 small files 38.0 → 35.0 s of CPU, browsers and
  // servers included (2026-11-27, load 13–15).
  isolate: false,
  // Two files side by side on a loaded 2-core machine take longer: the longest tests (axe on
  // several pages at two widths) took 120 s at load average 30+. A test fails on what it
  // checks, not on the clock.
  testTimeout: 240_000,
  hookTimeout: 120_000,
  globalSetup: ["e2e/support/global-setup.ts"],
  // A browser on a busy 2-core machine can take seconds to settle; polls wait for it.
  expect: { poll: { timeout: 20_000, interval: 100 } },
  // A test that fails is run once more: two browsers and two servers on a noisy 2-core
  // machine occasionally miss a poll's window. `npm test` lists every test that needed the
  // second try at the end of its output, so a flaky test stays visible and gets fixed.
  retry: 1,
};
export default defineConfig({
  test: {
    // The end-to-end files known to run longest start first (see the file).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "src/**/*.faults.test.ts", "**/node_modules/**"],
          environment: "node",
          // Converters' property tests run hundreds of Word and HTML round trips; on a busy
          // 2-core machine they took 8 s against vitest's default 5 s. A test fails on what it
          // checks, not on the clock.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["src/**/*.int.test.ts"],
          exclude: [...INTEGRATION_ISOLATED, "**/node_modules/**"],
          // Files share a worker's loaded modules: each still builds its own app on its own
          // fresh database, but the server's modules are imported once per worker instead of
          // once per file (on 8 files: 71 → 48 s of CPU, 2026-11-27, load 16).
          isolate: false,
          ...integrationCommon,
        },
      },
      {
        test: {
          name: "integration-isolated",
          sequence: { groupOrder: 1 },
          include: INTEGRATION_ISOLATED,
          ...integrationCommon,
        },
      },
      {
        test: {
          name: "faults",
          sequence: { groupOrder: 2 },
          include: ["src/**/*.faults.test.ts"],
          environment: "node",
          globalSetup: ["src/server/test/pglite-image.global.ts"],
          // 30 kills and restarts of a built server took 250–295 s at load 13; a test fails
          // on what it checks, not on the clock.
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 3 },
          include: ["e2e/**/*.e2e.ts"],
          exclude: E2E_SPLIT ? E2E_ALONE : [],
          // Each file starts its own server (own port, own data directory) and its own
          // Chromium, so files share nothing and can run side by side. `npm test` runs two
          // at a time (E2E_WORKERS); one at a time otherwise, as a helper runs single files.
          maxWorkers: E2E_SPLIT ? E2E_WORKERS : 1,
          ...e2eCommon,
        },
      },
      {
        test: {
          name: "e2e-alone",
          sequence: { groupOrder: 4 },
          include: E2E_SPLIT ? E2E_ALONE : [],
          // Files that time the app against the wall clock run after the others, alone.
          maxWorkers: 1,
          ...e2eCommon,
        },
      },
    ],
  },
});
