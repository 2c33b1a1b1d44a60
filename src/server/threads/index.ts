// What other areas may use of threads/; they import this file, never the files behind it.
export * from "./worker-calls.js";
