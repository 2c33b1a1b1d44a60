// Public entry point of the version history feature; pages import only from here.
export { HistoryPanel } from "./history-slot";
export type { HistoryPanelProps } from "./history-panel";
