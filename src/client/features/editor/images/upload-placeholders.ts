// What the picture upload's plugin (image-upload.ts) and its insertion (image-insert.ts) share:
// the placeholders' plugin key and meta, and what counts as a picture file.
import { PluginKey } from "@tiptap/pm/state";
import type { DecorationSet } from "@tiptap/pm/view";

/** A picture's placeholder goes in (its element made by image-insert.ts) or goes away. */
export type PlaceholderMeta = { add: { id: string; pos: number; dom: HTMLElement } } | { remove: string };

export const uploadsKey = new PluginKey<DecorationSet>("imageUploads");

const PICTURE_NAME = /\.(png|jpe?g|gif|webp|avif|heic|heif|tiff?)$/i;
export const isPicture = (f: File) => f.type.startsWith("image/") || PICTURE_NAME.test(f.name);
