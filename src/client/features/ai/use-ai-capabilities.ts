// The AI feature's name for the shared capabilities hook (lib/use-ai-capabilities.ts).
export { type AiCapabilitiesState, useAiCapabilities } from "../../lib/use-ai-capabilities";
