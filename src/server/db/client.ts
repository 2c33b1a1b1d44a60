// The database area's old entry point, still imported by src/server/ai/quota.ts and
// src/server/ai/suggestions.ts; the adapters are in providers/.
export * from "./providers/index.js";
