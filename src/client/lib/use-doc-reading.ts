// Something read from the editor's document (its suggestions, its headings...), read once at
// the start and again after the document changes, never on every key: walking a long document
// per keystroke would slow typing.
import type { Editor } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { useEffect, useState } from "react";

export interface DocReadingOptions<T> {
  /** What `read` finds in the document. */
  read: (doc: PMNode) => T;
  /**
   * "throttle": read `delayMs` after the first change, so at most every `delayMs` while the
   * text keeps changing; "debounce": read once changes have paused for `delayMs`.
   */
  schedule: "throttle" | "debounce";
  delayMs: number;
  /** The value while there is no editor (and before the first read, unless `readAtFirstRender`). */
  none: T;
  /** Read during the first render too, so the first paint already shows what the document holds. */
  readAtFirstRender?: boolean;
  /** A new reading that this calls the same as the last keeps the last (no re-render). */
  same: (prev: T, next: T) => boolean;
}

/** For lists: a new empty list is the same as the last empty one (nothing to draw again). */
export function bothEmpty(prev: readonly unknown[], next: readonly unknown[]): boolean {
  return prev.length === 0 && next.length === 0;
}

/** Hands `onRead` a reading at once and after changes, as `schedule` says; returns the stop. */
export function watchDocReading<T>(
  editor: Pick<Editor, "state" | "isDestroyed" | "on" | "off">,
  { read, schedule, delayMs }: Pick<DocReadingOptions<T>, "read" | "schedule" | "delayMs">,
  onRead: (value: T) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const readNow = () => {
    timer = null;
    if (editor.isDestroyed) return;
    onRead(read(editor.state.doc));
  };
  const onUpdate = () => {
    if (schedule === "throttle") {
      timer ??= setTimeout(readNow, delayMs);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(readNow, delayMs);
  };
  readNow();
  editor.on("update", onUpdate);
  return () => {
    editor.off("update", onUpdate);
    if (timer) clearTimeout(timer);
  };
}

/** The document's current reading by `options.read`, kept up to date as the text changes. */
export function useDocReading<T>(editor: Editor | null, options: DocReadingOptions<T>): T {
  const { none, readAtFirstRender, same } = options;
  const [value, setValue] = useState<T>(() =>
    readAtFirstRender && editor && !editor.isDestroyed ? options.read(editor.state.doc) : none,
  );
  useEffect(() => {
    if (!editor) return;
    return watchDocReading(editor, options, (next) => setValue((prev) => (same(prev, next) ? prev : next)));
  }, [editor]);
  return value;
}
