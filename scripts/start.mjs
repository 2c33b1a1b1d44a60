// `npm start`: build what is stale, then run the server in this same process (so signals
// reach it directly and a graceful shutdown can checkpoint the database).
import { buildAll } from "./build.mjs";

await buildAll();
await import("../dist/server/main.js");
