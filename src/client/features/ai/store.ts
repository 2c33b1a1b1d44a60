// The pending AI suggestion, shared by the toolbar (which starts actions) and the layer
// (which shows the suggestion card). A module store, since the two are mounted apart.
import { useSyncExternalStore } from "react";
import type { AiMeta } from "../../../shared/contracts/ai";

export type SuggestionKind = "improve" | "grammar" | "rewrite" | "summarize" | "outline";

export interface PendingSuggestion {
  kind: SuggestionKind;
  /** Shown as the card's heading, e.g. "Improve", "Professional". */
  label: string;
  original: string;
  suggested: string;
  from: number;
  to: number;
  /** replace the range, or insert the answer after it. */
  mode: "replace" | "after";
  status: "streaming" | "ready";
  changes?: number;
  meta?: AiMeta;
  /** What the answer was made from when it was not the selection, e.g. "Summary of the whole document, added at its end." */
  scope?: string;
  /** Id of the stored suggestion (POST /api/ai/suggestions), once known. */
  id?: string;
}

let current: PendingSuggestion | null = null;
/** Counts requests: a new `set` with a suggestion is a new request, `update` is the same one. */
let request = 0;
const listeners = new Set<() => void>();
let abort: AbortController | null = null;
/** The open document (set by AiLayer), so stored suggestions point at it. */
let documentId: string | null = null;

function emit() {
  for (const l of listeners) l();
}

export const suggestionStore = {
  get: () => current,
  documentId: () => documentId,
  setDocumentId(id: string | null) {
    documentId = id;
  },
  /** Which request the current suggestion belongs to. */
  request: () => request,
  set(next: PendingSuggestion | null) {
    if (next) request++;
    current = next;
    emit();
  },
  update(patch: Partial<PendingSuggestion>) {
    if (!current) return;
    current = { ...current, ...patch };
    emit();
  },
  /** A new request cancels the previous one still streaming. */
  beginRequest(): AbortController {
    abort?.abort();
    abort = new AbortController();
    return abort;
  },
  cancel() {
    abort?.abort();
    abort = null;
    current = null;
    emit();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/**
 * Whether Accept may write `text` (the answer, or the user's edit of it) into the document:
 * only a finished answer with some text. An empty proposal would delete the selection, and a
 * stream that ended in an error never reaches "ready" (actions.ts clears the card instead).
 */
export function canAccept(s: Pick<PendingSuggestion, "status"> | null, text: string): boolean {
  return !!s && s.status === "ready" && text.trim() !== "";
}

export function usePendingSuggestion(): PendingSuggestion | null {
  return useSyncExternalStore(suggestionStore.subscribe, suggestionStore.get, suggestionStore.get);
}

/** Which engine answered and what it cost, for the interface: the built-in engine is free. */
export function engineLabel(meta: AiMeta | undefined): string | null {
  if (!meta) return null;
  if (meta.engine === "offline") return "Built-in offline engine · free, no AI tokens used";
  return `${meta.provider} · ${meta.model} · ${meta.usage.remaining.toLocaleString("en-US")} tokens left this month`;
}

// Whether the assistant panel is open as a column beside the text: the suggestion card then
// sits in that column too, so neither covers the text.
let assistantDocked = false;
const dockListeners = new Set<() => void>();
export const assistantDock = {
  set(docked: boolean) {
    if (docked === assistantDocked) return;
    assistantDocked = docked;
    for (const l of dockListeners) l();
  },
  get: () => assistantDocked,
  subscribe(l: () => void) {
    dockListeners.add(l);
    return () => dockListeners.delete(l);
  },
};

export function useAssistantDocked(): boolean {
  return useSyncExternalStore(assistantDock.subscribe, assistantDock.get, assistantDock.get);
}

// Requests to open the Ask AI dialog (the toolbar and the assistant ask; the layer shows it).
let askOpen = false;
const askListeners = new Set<() => void>();
export const askAiDialog = {
  setOpen(open: boolean) {
    if (open === askOpen) return;
    askOpen = open;
    for (const l of askListeners) l();
  },
  get: () => askOpen,
  subscribe(l: () => void) {
    askListeners.add(l);
    return () => askListeners.delete(l);
  },
};

export function useAskAiOpen(): boolean {
  return useSyncExternalStore(askAiDialog.subscribe, askAiDialog.get, askAiDialog.get);
}
