// What other areas may use of mail/; they import this file, never the files behind it.
export * from "./after-response.js";
export * from "./templates.js";
