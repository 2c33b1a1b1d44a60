// What other areas may use of sharing/; they import this file, never the files behind it.
export * from "./grant.js";
export * from "./realtime-grant.js";
