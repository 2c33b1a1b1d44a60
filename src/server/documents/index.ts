// What other areas may use of documents/; they import this file, never the files behind it.
export * from "./access.js";
export * from "./present.js";
export * from "./queries.js";
export * from "./save.js";
export * from "./content.js";
export { contentCache } from "./content-cache.js";
export { publishDocumentChanged } from "./read-decisions.js";
export { purgeExpiredTrash } from "./trash.js";
