// The embedded database is PostgreSQL compiled to WebAssembly. V8 runs each of its functions
// in its baseline compiler first and recompiles it with the optimizing one in background
// threads once it has run "enough": by default after about 1.8 MB of its code has executed.
// PostgreSQL's own start (catalog caches, recovery, the first statements) passes that mark
// in hundreds of functions that are seldom hot afterwards, and their optimizing compiles
// took ~200 ms of CPU on the two cores while this process starts (about a third of all the
// CPU to the first health 200). Ten times the budget leaves those functions in baseline
// code; the ones hot under steady load (saves, reads) still reach it within their first
// few hundred statements: CPU per save in bench:floors did not move (docs/PERFORMANCE.md,
// bench:start). V8's flags are the process's, so this is set before the database thread
// (or the grammar checker's) instantiates its module.
import v8 from "node:v8";

export const WASM_TIERING_BUDGET = 18_000_000;

v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
