// Integration tests start each app on a fresh in-memory PGlite. Made by initdb and the
// migrations, each would cost ~8 s of CPU; this makes one migrated image before the files run
// (cached in node_modules/.cache until PGlite or the migrations change) and hands its path to
// the harness, which starts every database from it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain ESM script without types
import { ensureImage } from "../db/pglite-template.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export default async function setup(project: TestProject) {
  const image: string = await ensureImage(path.join(root, "node_modules/.cache/draftsmith"), path.join(root, "src/server/db/migrations"));
  project.provide("pgliteImage", image);
}
