// What other areas may use of auth/; they import this file, never the files behind it.
export * from "./emails.js";
export * from "./jwt.js";
export * from "./passwords.js";
export * from "./redirect.js";
export * from "./secret.js";
export * from "./session-cache-sync.js";
export * from "./session-cache.js";
export * from "./random.js";
