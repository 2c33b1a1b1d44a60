// How many imports run at once. Converting a Word file is CPU work on the one event loop
// (mammoth unzips and walks the XML), so a burst of uploads would stall every other request
// of this process: a user may have a few imports in flight and the process a few more in all;
// past either, the request is refused at once with 429 and Retry-After instead of queueing
// more work. The count is per process, as the CPU it protects is.
import { rateLimited } from "../http/index.js";

export const IMPORT_IN_FLIGHT_PER_USER = 2;
export const IMPORT_IN_FLIGHT_TOTAL = 4;
/** Seconds a refused client waits: about one Word file's conversion at the size limit. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

export class ImportGate {
  private total = 0;
  private readonly byUser = new Map<string, number>();

  constructor(
    private readonly perUser = IMPORT_IN_FLIGHT_PER_USER,
    private readonly overall = IMPORT_IN_FLIGHT_TOTAL,
  ) {}

  /** Takes a place for the user's import, or throws the 429; call the returned function once when done. */
  enter(userId: string): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) throw rateLimited(`At most ${this.perUser} imports at a time; try again in a few seconds`, IMPORT_RETRY_AFTER_SECONDS);
    if (this.total >= this.overall) throw rateLimited("Imports are busy right now; try again in a few seconds", IMPORT_RETRY_AFTER_SECONDS);
    this.total += 1;
    this.byUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Imports in flight, for tests and figures. */
  inFlight(userId?: string): number {
    return userId === undefined ? this.total : (this.byUser.get(userId) ?? 0);
  }
}

/** The process's gate, shared by every request to POST /api/import. */
export const importGate = new ImportGate();
