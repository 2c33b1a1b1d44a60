// Reads the entry file starts for the page about to show (lib/collab/early-open.ts), before
// that page's files have arrived: the first to ask for the same URL soon after takes the
// answer instead of asking the server again. A read not taken within a few seconds is
// dropped (a later reader asks afresh, as the answer may have changed).
import { apiJson } from "./api";

const FRESH_MS = 10_000;
const reads = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts GET `url` now for a reader that comes soon. */
export function startRead(url: string): void {
  const answer = apiJson<unknown>("GET", url);
  // Whoever takes it handles a failure.
  answer.catch(() => {});
  reads.set(url, { at: Date.now(), answer });
}

/** The answer to GET `url` started by startRead, once and while fresh; undefined otherwise. */
export function takeRead<T>(url: string): Promise<T> | undefined {
  const read = reads.get(url);
  reads.delete(url);
  if (!read || Date.now() - read.at > FRESH_MS) return undefined;
  return read.answer as Promise<T>;
}
