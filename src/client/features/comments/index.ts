// Comment threads in the editor (the page passes them to the editor as a slot).
export { CommentsSlot } from "./comments-slot";
export type { CommentsLayerProps } from "./comments-layer";
