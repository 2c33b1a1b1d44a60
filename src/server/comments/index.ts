// What other areas may use of comments/; they import this file, never the files behind it.
export { commentRoutes } from "./routes.js";
export { addImportedThreads, threadsForExport } from "./queries.js";
