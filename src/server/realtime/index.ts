// What other areas may use of realtime/; they import this file, never the files behind it.
export * from "./revocations.js";
export * from "./origin.js";
export * from "./comments.js";
export * from "./inbox.js";
