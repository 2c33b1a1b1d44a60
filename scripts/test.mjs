// `npm test`: unit and integration tests on PGlite, the integration suite again on
// PostgreSQL when TEST_DATABASE_URL is set, the fault suite, then end-to-end in Chromium.
// Without Chromium the end-to-end run is skipped loudly (a failure with REQUIRE_E2E=1).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildAll } from "./build.mjs";

const failures = [];
function run(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(label);
}

run("unit + integration (PGlite)", ["--project", "unit", "--project", "integration"]);
if (process.env.TEST_DATABASE_URL) {
  run("integration (PostgreSQL)", ["--project", "integration"], { DRAFTSMITH_TEST_DB: "postgres" });
} else {
  console.log("\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
}
run("faults", ["--project", "faults", "--passWithNoTests"]);

const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));
if (!chromium) {
  const msg = "\n!!! No Chromium found (set CHROMIUM_PATH or `apt-get install chromium`): END-TO-END TESTS SKIPPED !!!\n";
  console.error(msg);
  if (process.env.REQUIRE_E2E === "1") failures.push("e2e (no Chromium, REQUIRE_E2E=1)");
} else {
  await buildAll({ quiet: true });
  run("end-to-end (Chromium)", ["--project", "e2e"], { CHROMIUM_PATH: chromium });
}

if (failures.length) {
  console.error(`\nFAILED: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test suites passed.");
