// This instance's open /realtime sockets, one registry per app context: ends the sockets a
// revocation concerns (revocations.ts, from any instance over the bus), groups share-link
// visitors per document (visitor-group.ts) and enforces the per-address socket caps.
import { REALTIME_CLOSE, documentChannel } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { isRevocation, REVOCATION_CHANNEL, type Revocation } from "./revocations.js";
import { VisitorGroup, type VisitorSocket } from "./visitor-group.js";

/** What the hub needs from a connection. */
export interface HubConnection extends VisitorSocket {
  readonly address: string;
  /** The signed-in session on this socket, or null for a visitor who is not signed in. */
  session(): { userId: string; sessionId: string } | null;
  close(code: number, reason: string): void;
  /** A member's access to `channel`'s document changed: stop following it if the access ended. */
  recheckMember(channel: string): Promise<void>;
}

export interface AddressLimits {
  /** Open sockets from one client address. */
  maxSocketsPerAddress: number;
  /** Sockets from one client address following one document. */
  maxSocketsPerAddressPerDocument: number;
}

export class RealtimeHub {
  private connections = new Set<HubConnection>();
  private perAddress = new Map<string, number>();
  /** channel → address → sockets following it */
  private perDocument = new Map<string, Map<string, number>>();
  private visitors = new Map<string, VisitorGroup>();

  constructor(private ctx: AppContext) {
    ctx.realtime.subscribe(REVOCATION_CHANNEL, (event) => {
      if (isRevocation(event.record)) this.revoke(event.record);
    });
  }

  /** Registers a new socket; false when its address already has the most sockets allowed. */
  admit(conn: HubConnection, limits: AddressLimits): boolean {
    const n = this.perAddress.get(conn.address) ?? 0;
    if (n >= limits.maxSocketsPerAddress) return false;
    this.perAddress.set(conn.address, n + 1);
    this.connections.add(conn);
    return true;
  }

  leave(conn: HubConnection): void {
    if (!this.connections.delete(conn)) return;
    const n = (this.perAddress.get(conn.address) ?? 1) - 1;
    if (n <= 0) this.perAddress.delete(conn.address);
    else this.perAddress.set(conn.address, n);
  }

  /** Takes a slot for following `channel` from this address; the release function, or null when full. */
  claimDocumentSlot(address: string, channel: string, limits: AddressLimits): (() => void) | null {
    const byAddress = this.perDocument.get(channel) ?? new Map<string, number>();
    const n = byAddress.get(address) ?? 0;
    if (n >= limits.maxSocketsPerAddressPerDocument) return null;
    byAddress.set(address, n + 1);
    this.perDocument.set(channel, byAddress);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left <= 0) byAddress.delete(address);
      else byAddress.set(address, left);
      if (byAddress.size === 0 && this.perDocument.get(channel) === byAddress) this.perDocument.delete(channel);
    };
  }

  /** Adds a share visitor to its document's group; returns the function that removes it. */
  joinVisitors(socket: VisitorSocket, channel: string, documentId: string, generation: number, expiresAt: Date | null): () => void {
    let group = this.visitors.get(channel);
    if (!group) {
      const created = new VisitorGroup(this.ctx, channel, documentId, () => {
        if (this.visitors.get(channel) === created) this.visitors.delete(channel);
      });
      group = created;
      this.visitors.set(channel, group);
    }
    group.add(socket, generation, expiresAt);
    const joined = group;
    return () => joined.remove(socket);
  }

  private revoke(r: Revocation): void {
    if (r.type === "share") {
      void this.visitors.get(documentChannel(r.documentId))?.recheck();
      return;
    }
    if (r.type === "member") {
      const channel = documentChannel(r.documentId);
      for (const conn of this.connections) void conn.recheckMember(channel);
      return;
    }
    for (const conn of [...this.connections]) {
      const s = conn.session();
      if (!s) continue;
      const ends = r.type === "session" ? s.sessionId === r.sessionId : s.userId === r.userId && s.sessionId !== r.exceptSessionId;
      if (ends) conn.close(REALTIME_CLOSE.sessionEnded, "session ended");
    }
  }
}

const hubs = new WeakMap<AppContext, RealtimeHub>();

export function hubFor(ctx: AppContext): RealtimeHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new RealtimeHub(ctx);
    hubs.set(ctx, hub);
  }
  return hub;
}
