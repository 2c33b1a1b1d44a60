// What other areas may use of billing/; they import this file, never the files behind it.
export * from "./cancel-for-user.js";
export * from "./plan-lookup.js";
