// `npm start`: build what is stale, then run the server in this same process (so signals
// reach it directly and a graceful shutdown can checkpoint the database).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildAll, distDir } from "./build.mjs";

await buildAll();
await import(pathToFileURL(path.join(distDir, "server", "main.js")).href);
