// Suggesting mode: people's tracked changes, suggested, then accepted or rejected.
export { type EditMode, SuggestingSlot, type SuggestingSlotProps } from "./suggesting-slot";
