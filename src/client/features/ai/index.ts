// Public entry point of the AI feature; other areas import only from here.
export type { AiCommand } from "./types";
export { AiToolbar, type AiToolbarProps } from "./ai-toolbar";
export { AiLayer, type AiLayerProps } from "./ai-layer";
export { useAiCapabilities, type AiCapabilitiesState } from "./use-ai-capabilities";
export { InlineCompletion } from "./inline-completion";
