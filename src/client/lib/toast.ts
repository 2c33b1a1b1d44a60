import { useSyncExternalStore } from "react";

/** Spec §9: one toast visible at a time; a dismissed toast lingers this long before removal. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Override the 5000 ms default; Infinity keeps it until dismissed. */
  duration?: number;
  /** One button beside the message (e.g. "Connect a model" opening the settings). */
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

// A tiny module-level store: toast() works from anywhere (mutations, non-React code),
// and <Toaster/> reads it with useSyncExternalStore.
let items: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setItems(next: readonly ToastItem[]): void {
  items = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setItems(items.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast (or all); it stays in the store, closed, until the removal delay passes. */
export function dismissToast(id?: string): void {
  for (const t of items) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setItems(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast, replacing the visible one (limit 1). Returns its id and a dismiss function. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  // Entries pushed out by the limit are gone immediately; cancel their pending timers.
  const next = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  for (const t of items) {
    if (!next.includes(t)) {
      clearTimeout(removalTimers.get(t.id));
      removalTimers.delete(t.id);
    }
  }
  setItems(next);
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => items;

/** The current toasts (newest first), re-rendering on change. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
