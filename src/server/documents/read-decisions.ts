// The editor's read (GET /api/documents/:id) asked the database, on every read, whether the
// caller may read the document and at which version: ~0.3 of its 0.57 ms when the content
// came from memory. This keeps that decision, per user and document, with the answer's
// metadata and ETag, until an event on the realtime bus says the document changed:
//   - a save or live store (its document channel: new version, title, updated_at);
//   - a member added again, given another role or removed, the document moved to the trash
//     (a "member" revocation), share settings changed (a "share" revocation, or
//     DOCUMENT_CHANGED_CHANNEL when nothing is revoked), a word goal set (the same channel);
//   - a "user" revocation (account deleted: its documents are gone for their members too):
//     everything is forgotten.
// Those events reach every instance (realtime/providers/postgres.ts), so every instance
// forgets. This instance forgets before the request that changed the document answers
// (the bus calls its watchers before publish() returns), so the next read asks again.
// Another instance forgets when the NOTIFY arrives, a few milliseconds after the commit; if
// its listening connection was lost it forgets everything (missed()). A decision is also
// asked again after DECISION_TTL_MS, as a backstop for an event nobody published.
// Only "may read" is kept: a refusal is never cached, so a new grant shows at once. On
// PostgreSQL with the in-process bus (REALTIME_BACKEND=memory) nothing is kept: other
// instances' events would never arrive.
import { REVOCATION_CHANNEL, isRevocation } from "../realtime/index.js";
import { channelDocumentId } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";

/** Events that change what a read answers but revoke nothing (word goal, share settings). */
export const DOCUMENT_CHANGED_CHANNEL = "documents:changed";

export const DECISION_TTL_MS = 30_000;
const MAX_DECISIONS = 20_000;

export interface ReadDecision {
  version: number;
  /** The answer's JSON after its content: `,"id":…}` (queries.ts). */
  metaTail: string;
  etag: string;
}

interface Kept {
  decision: ReadDecision;
  at: number;
}

export class ReadDecisions {
  /** document id → user id → decision; a Map iterates in insertion order, so the first document is the oldest. */
  private byDocument = new Map<string, Map<string, Kept>>();
  private size = 0;
  /** Moves with every forget: a decision read while one happened may predate it and is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = DECISION_TTL_MS,
    private readonly maxDecisions = MAX_DECISIONS,
    private readonly clock = () => performance.now(),
  ) {}

  /** Taken before the database is asked; given back to set(). */
  mark(): number {
    return this.generation;
  }

  get(userId: string, id: string): ReadDecision | undefined {
    const kept = this.byDocument.get(id)?.get(userId);
    if (!kept) return undefined;
    if (this.clock() - kept.at > this.ttlMs) return undefined;
    return kept.decision;
  }

  set(userId: string, id: string, decision: ReadDecision, mark: number): void {
    if (mark !== this.generation) return;
    let users = this.byDocument.get(id);
    if (!users) {
      users = new Map();
      this.byDocument.set(id, users);
    }
    if (!users.has(userId)) this.size++;
    users.set(userId, { decision, at: this.clock() });
    for (const [doc, u] of this.byDocument) {
      if (this.size <= this.maxDecisions) break;
      this.byDocument.delete(doc);
      this.size -= u.size;
    }
  }

  forgetDocument(id: string): void {
    this.generation++;
    const users = this.byDocument.get(id);
    if (!users) return;
    this.byDocument.delete(id);
    this.size -= users.size;
  }

  forgetAll(): void {
    this.generation++;
    this.byDocument.clear();
    this.size = 0;
  }

  /** Forgets what a realtime event says may have changed. */
  onEvent(channel: string, wire: unknown): void {
    const id = channelDocumentId(channel);
    if (id) {
      this.forgetDocument(id);
    } else if (channel === DOCUMENT_CHANGED_CHANNEL) {
      const changed = (wire as { documentId?: unknown } | null)?.documentId;
      if (typeof changed === "string") this.forgetDocument(changed);
      else this.forgetAll();
    } else if (channel === REVOCATION_CHANNEL) {
      if (!isRevocation(wire)) this.forgetAll();
      else if (wire.type === "member" || wire.type === "share") this.forgetDocument(wire.documentId);
      // A session's end changes no document; an account's may delete documents others read.
      else if (wire.type === "user") this.forgetAll();
    }
  }
}

const kept = new WeakMap<AppContext, ReadDecisions>();

/** The app's decisions (one per app context), watching its realtime bus from the first use. */
export function readDecisions(ctx: AppContext): ReadDecisions {
  let decisions = kept.get(ctx);
  if (!decisions) {
    // On PostgreSQL with the in-process bus (REALTIME_BACKEND=memory), other instances'
    // events never arrive here: nothing is kept (a limit of 0 decisions).
    const eventsReachUs = ctx.realtime.kind === "postgres" || !ctx.config.DATABASE_URL;
    const created = new ReadDecisions(DECISION_TTL_MS, eventsReachUs ? MAX_DECISIONS : 0);
    ctx.realtime.watch({ event: (channel, wire) => created.onEvent(channel, wire), missed: () => created.forgetAll() });
    kept.set(ctx, created);
    decisions = created;
  }
  return decisions;
}

/** Tells every instance that document `id`'s read answer changed though nothing was revoked. */
export async function publishDocumentChanged(ctx: AppContext, documentId: string): Promise<void> {
  await ctx.realtime.publish({ channel: DOCUMENT_CHANGED_CHANNEL, record: { documentId } });
}
