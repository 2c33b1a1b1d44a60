// Every share-link visitor of one document on this instance, served together: one bus
// subscription, one coalescer, one access check and one payload per change, whatever the
// number of visitors. (Checking and presenting per socket made an owner's save with 1,000
// visitors take ~990 ms instead of 9 ms.) Each visitor keeps the share_generation its token
// was issued under; a change of generation, a private or expired link ends its grant.
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { REALTIME_MAX_EVENTS_PER_SECOND } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { type LiveShareState, liveShareState, presentShared } from "../sharing/index.js";
import { type Coalescer, createCoalescer } from "./coalesce.js";

/** What a visitor group needs from a socket. */
export interface VisitorSocket {
  /** Sends an already serialized message. */
  sendRaw(json: string): void;
  /** The grant on `channel` ended: tell the client and stop its updates. */
  shareEnded(channel: string): void;
}

/** setTimeout's longest delay; a later expiry is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class VisitorGroup {
  private members = new Map<VisitorSocket, number>();
  private coalescer: Coalescer<DocumentRecord>;
  private off: () => void;
  private queue: Promise<void> = Promise.resolve();
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private ctx: AppContext,
    readonly channel: string,
    private documentId: string,
    private onEmpty: () => void,
  ) {
    this.coalescer = createCoalescer<DocumentRecord>(REALTIME_MAX_EVENTS_PER_SECOND, (record) => this.enqueue(() => this.deliver(record)));
    this.off = ctx.realtime.subscribe(channel, (event) => this.coalescer.push(event.record as DocumentRecord));
  }

  get size(): number {
    return this.members.size;
  }

  /** Adds a visitor whose token carries `generation`; `expiresAt` is the link's expiry seen at subscribe. */
  add(socket: VisitorSocket, generation: number, expiresAt: Date | null): void {
    this.members.set(socket, generation);
    this.scheduleExpiry(expiresAt);
  }

  remove(socket: VisitorSocket): void {
    if (!this.members.delete(socket) || this.members.size > 0) return;
    this.off();
    this.coalescer.cancel();
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    this.onEmpty();
  }

  /** Checks every visitor's grant again now (share settings changed, or the link's expiry came). */
  recheck(): Promise<void> {
    return this.enqueue(async () => {
      this.apply(await liveShareState(this.ctx, this.documentId));
    });
  }

  // Deliveries and re-checks run one at a time, so updates reach visitors in order.
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task).catch((err) => console.error("realtime: visitor delivery failed", err));
    return this.queue;
  }

  private async deliver(record: DocumentRecord): Promise<void> {
    if (this.members.size === 0) return;
    const state = await liveShareState(this.ctx, this.documentId);
    const allowed = this.apply(state);
    if (!state || allowed.length === 0) return;
    // Exactly what GET /api/shared/:id shows; never the owner or the share settings.
    const shared = presentShared({ ...record, allow_editing: state.allowEditing, showComments: state.showComments });
    const json = JSON.stringify({ type: "UPDATE", channel: this.channel, record: shared });
    for (const socket of allowed) socket.sendRaw(json);
  }

  /** Ends the grants `state` no longer covers; returns the visitors still allowed. */
  private apply(state: LiveShareState | null): VisitorSocket[] {
    const allowed: VisitorSocket[] = [];
    for (const [socket, generation] of [...this.members]) {
      if (state && state.generation === generation) allowed.push(socket);
      else socket.shareEnded(this.channel);
    }
    if (state) this.scheduleExpiry(state.expiresAt);
    return allowed;
  }

  private scheduleExpiry(expiresAt: Date | null): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (!expiresAt || this.members.size === 0) return;
    const wait = Math.max(0, Math.min(MAX_TIMER_MS, expiresAt.getTime() - this.ctx.now().getTime()));
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      void this.recheck();
    }, wait);
    this.expiryTimer.unref?.();
  }
}
