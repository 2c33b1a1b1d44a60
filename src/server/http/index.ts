// What other areas may use of http/; they import this file, never the files behind it.
export * from "./auth-hook.js";
export * from "./compressed-answers.js";
export * from "./compression.js";
export * from "./error-handler.js";
export * from "./errors.js";
export * from "./prefer.js";
export * from "./rate-limiter.js";
export * from "./request-log.js";
export * from "./route-schemas.js";
export * from "./security.js";
export * from "./spa.js";
export * from "./validate.js";
