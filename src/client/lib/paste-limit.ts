// A paste or a drop larger than a document may be (DOCUMENT_MAX_BYTES) is refused before it
// is inserted, with a message saying why: inserted, it would make the document one the
// server cannot store, and reading it into the editor alone can hold the page for seconds.
// What was pasted stays on the clipboard. Smaller pastes go through as before.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits";
import { toast } from "./toast";

const MB = 1024 * 1024;

/** The UTF-8 size of `text` in bytes, without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The larger of the plain text's and the HTML's UTF-8 sizes, when either is over `limit`; null when both fit. */
export function oversizeBytes(data: Pick<DataTransfer, "getData">, limit = DOCUMENT_MAX_BYTES): number | null {
  let largest: number | null = null;
  for (const type of ["text/plain", "text/html"]) {
    const value = data.getData(type);
    // Every UTF-16 unit is at least one byte and at most three: most sizes need no counting.
    if (value.length * 3 <= limit) continue;
    const bytes = utf8Bytes(value);
    if (bytes > limit) largest = Math.max(largest ?? 0, bytes);
  }
  return largest;
}

/** "6.3 MB", rounded up, so a size just past the limit never reads as the limit itself. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;

function refuse(view: EditorView, event: Event, data: DataTransfer | null, how: "paste" | "drop"): boolean {
  if (!data || !view.editable) return false;
  const bytes = oversizeBytes(data);
  if (bytes === null) return false;
  event.preventDefault();
  toast({
    title: how === "paste" ? "Too large to paste" : "Too large to add",
    description: `A document can hold at most ${megabytes(DOCUMENT_MAX_BYTES)}, and this is ${megabytes(bytes)}. ${how === "paste" ? "Nothing was pasted; it is still on your clipboard." : "Nothing was added."}`,
    variant: "destructive",
    duration: 10_000,
  });
  return true;
}

export const PasteLimit = Extension.create({
  name: "pasteLimit",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("pasteLimit"),
        props: {
          // Before the editor reads the clipboard into its own content (handlePaste comes after that).
          handleDOMEvents: {
            paste: (view, event) => refuse(view, event, event.clipboardData, "paste"),
            drop: (view, event) => refuse(view, event, event.dataTransfer, "drop"),
          },
        },
      }),
    ];
  },
});
