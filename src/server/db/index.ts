// What other areas may use of db/; they import this file, never the files behind it.
export * from "./prepared.js";
export * from "./providers/index.js";
export * from "./schema.js";
