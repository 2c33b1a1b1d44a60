// The order test files start in (vitest.config.ts `sequence.sequencer`): vitest's own order
// (files that failed last time first, then the longest by its cache of past durations, and
// without that cache the largest files first), except that the end-to-end files known to run
// longest start first. A clean clone (CI) has no cache, and file size is a poor guide to an
// end-to-end file's length: a long file that starts late runs on alone at the end while the
// other workers have nothing left to do.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Wall time (s) of the longest end-to-end files, three files at a time, in the last clean-clone
 * CI run (Xeon host, nothing else running, 2026-11-27). `npm test` prints each part's longest
 * files at its end: refresh this list from there when it no longer matches.
 */
export const E2E_LONGEST_SECONDS: Record<string, number> = {
  "e2e/mobile.e2e.ts": 192,
  "e2e/conventions.e2e.ts": 145,
  "e2e/ai-suggestions.e2e.ts": 123,
  "e2e/palette-commands.e2e.ts": 115,
  "e2e/editor.e2e.ts": 112,
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => E2E_LONGEST_SECONDS[path.relative(root, spec.moduleId).split(path.sep).join("/")] ?? -1;
    // Within each run of one project's files (vitest keeps a project's files together), the
    // known long files go first, longest first; the others keep vitest's order.
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const run = runs.at(-1);
      if (run && run[0]!.project.name === spec.project.name) run.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) =>
      run
        .map((spec, index) => ({ spec, index, seconds: known(spec) }))
        .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
        .map(({ spec }) => spec),
    );
  }
}
