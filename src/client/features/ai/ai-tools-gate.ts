// Loads the AI tools (ai-tools.tsx: the actions, the suggestion stream, the dialogs, the
// selection helper) on first use instead of with the editor, and tells callers when they are
// mounted: an action may only start once the tools listen to the suggestion store, or its
// answer would reach nobody. A download that fails (offline) is tried again at the next use
// or when the connection is back; the editor keeps working meanwhile.
import { useSyncExternalStore } from "react";

type AiTools = typeof import("./ai-tools");

let tools: AiTools | null = null;
let loading: Promise<AiTools> | null = null;
let failed = false;
let failedAt = 0;
let mounted = false;
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

/** The tools' code, downloaded once (again after a failed download). */
export function loadAiTools(): Promise<AiTools> {
  if (tools) return Promise.resolve(tools);
  loading ??= import("./ai-tools").then(
    (m) => {
      tools = m;
      failed = false;
      for (const listener of listeners) listener();
      return m;
    },
    (err: unknown) => {
      loading = null;
      failed = true;
      failedAt = Date.now();
      throw err;
    },
  );
  return loading;
}

/** Starts the download; the AI layer mounts the tools once they are here. */
export function wantAiTools(): void {
  void loadAiTools().catch(() => undefined);
}

/** Tries again a download that failed (the connection is back). */
export function retryAiTools(): void {
  if (failed) wantAiTools();
}

/** When the last download failed (ms since the epoch; 0 if none did): a command given before it is dropped, not run later. */
export const lastFailure = () => failedAt;

/** The tools' module once downloaded, else null. */
export function useAiTools(): AiTools | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => tools,
    () => tools,
  );
}

/** Resolves with the tools' module once they are mounted and listening; rejects when the download fails. */
export async function whenAiTools(): Promise<AiTools> {
  const m = await loadAiTools();
  if (!mounted) await new Promise<void>((resolve) => waiting.push(resolve));
  return m;
}

export function setAiToolsMounted(value: boolean): void {
  mounted = value;
  if (value) for (const resolve of waiting.splice(0)) resolve();
}
