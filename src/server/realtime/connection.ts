// One /realtime WebSocket: authenticate (first message), join/leave document channels the
// caller may read, push coalesced UPDATEs, and keep the socket honest with heartbeats. A
// signed-in socket also follows its own person's inbox channel from authentication on (never
// anyone else's: no client message names it) and passes each change on as INBOX.
// Revocations (sign-out, password change, account deletion, share link ended) close it at
// once through the hub (hub.ts); the heartbeat re-check only backs that up.
import type { WebSocket } from "ws";
import {
  REALTIME_CLOSE,
  type RealtimeClientMessage,
  RealtimeClientMessageSchema,
  type RealtimeServerMessage,
} from "../../shared/contracts/documents.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { REALTIME_MAX_EVENTS_PER_SECOND } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { summarizeRecord } from "../documents/index.js";
import { userFromAccessToken } from "../http/index.js";
import type { AuthUser } from "../service-types.js";
import { canSubscribe } from "./authorize.js";
import { createCoalescer } from "./coalesce.js";
import { type AddressLimits, type HubConnection, hubFor } from "./hub.js";
import { inboxChannel } from "./inbox.js";

export interface ConnectionOptions extends AddressLimits {
  /** Ping interval; a socket that has not answered the previous ping is closed. */
  heartbeatMs: number;
  /** How long a new socket may stay without its auth message. */
  authTimeoutMs: number;
  maxChannels: number;
  /** Client messages allowed per second (each subscribe costs a database read). */
  maxMessagesPerSecond: number;
}

/**
 * Per client address: 100 open sockets, and 20 sockets following any one document (many
 * visitors behind one office NAT still fit; one client cannot open thousands). Over either
 * cap the socket is closed with REALTIME_CLOSE.tooManyConnections.
 */
/** Realtime messages are small JSON commands; the WebSocket layer allows more for /collab. */
const REALTIME_MAX_MESSAGE_BYTES = 64 * 1024;

const messageBytes = (data: Buffer | ArrayBuffer | Buffer[]) =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;

export const DEFAULT_CONNECTION_OPTIONS: ConnectionOptions = {
  heartbeatMs: 30_000,
  authTimeoutMs: 10_000,
  maxChannels: 50,
  maxMessagesPerSecond: 100,
  maxSocketsPerAddress: 100,
  maxSocketsPerAddressPerDocument: 20,
};

interface Subscription {
  off: () => void;
  /** Granted to the signed-in user (owner or member), not through a share link. */
  asUser: boolean;
}

export function handleConnection(
  ctx: AppContext,
  socket: WebSocket,
  opts: ConnectionOptions = DEFAULT_CONNECTION_OPTIONS,
  address = "unknown",
) {
  let authed = false;
  let user: AuthUser | null = null;
  let token: string | null = null;
  let alive = true;
  let closed = false;
  const subs = new Map<string, Subscription>();
  /** Stops following the signed-in person's inbox. */
  let inboxOff: (() => void) | null = null;
  let queue: Promise<void> = Promise.resolve();
  let windowStart = 0;
  let windowCount = 0;

  const sendRaw = (json: string) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(json);
  };
  const send = (msg: RealtimeServerMessage) => sendRaw(JSON.stringify(msg));
  const close = (code: number, reason: string) => {
    if (!closed) socket.close(code, reason);
    cleanup();
  };
  const drop = (channel: string) => {
    const sub = subs.get(channel);
    if (!sub) return;
    sub.off();
    subs.delete(channel);
  };
  const cleanup = () => {
    closed = true;
    clearTimeout(authTimer);
    clearInterval(heartbeat);
    for (const channel of [...subs.keys()]) drop(channel);
    inboxOff?.();
    inboxOff = null;
    hub.leave(conn);
  };

  const hub = hubFor(ctx);
  const conn: HubConnection = {
    address,
    session: () => (user ? { userId: user.id, sessionId: user.sessionId } : null),
    close: (code, reason) => close(code, reason),
    sendRaw,
    shareEnded(channel) {
      if (!subs.has(channel)) return;
      drop(channel);
      send({ type: "status", channel, status: "CHANNEL_ERROR", message: "Access to this document has ended" });
      // A socket that only followed this link has nothing left: close it so the client stops.
      if (subs.size === 0) close(REALTIME_CLOSE.shareEnded, "share link ended");
    },
    async recheckMember(channel) {
      const sub = subs.get(channel);
      if (!sub?.asUser || !user) return;
      const decision = await canSubscribe(ctx, { user }, { channel });
      if (decision.ok || subs.get(channel) !== sub) return;
      drop(channel);
      send({ type: "status", channel, status: "CHANNEL_ERROR", message: "Access to this document has ended" });
    },
  };

  const authTimer = setTimeout(() => close(REALTIME_CLOSE.unauthorized, "auth message expected"), opts.authTimeoutMs);
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      cleanup();
      return;
    }
    alive = false;
    socket.ping();
    // A revoked session or an expired token ends the socket; the client reconnects with a fresh one.
    if (token) {
      void userFromAccessToken(ctx, token, { fresh: true }).then(({ user: u }) => {
        if (!u) close(REALTIME_CLOSE.sessionEnded, "session ended");
      });
    }
  }, opts.heartbeatMs);
  socket.on("pong", () => {
    alive = true;
  });
  socket.on("close", cleanup);
  socket.on("error", cleanup);
  if (!hub.admit(conn, opts)) close(REALTIME_CLOSE.tooManyConnections, "too many connections from this address");

  async function authenticate(accessToken: string | null) {
    if (accessToken === null) {
      if (user) return close(REALTIME_CLOSE.unauthorized, "cannot drop the session on an open socket");
    } else {
      const { user: u, reason } = await userFromAccessToken(ctx, accessToken);
      if (!u || (user && u.id !== user.id)) return close(REALTIME_CLOSE.unauthorized, reason ?? "invalid JWT");
      user = u;
      if (!inboxOff && !closed) followInbox(u.id);
    }
    token = accessToken;
    if (!authed) {
      authed = true;
      clearTimeout(authTimer);
    }
    send({ type: "ready", user_id: user?.id ?? null });
  }

  /** The person's inbox: a burst of changes (a reply to a busy thread, mark all read) is one message. */
  function followInbox(userId: string) {
    const coalescer = createCoalescer<null>(REALTIME_MAX_EVENTS_PER_SECOND, () => send({ type: "INBOX" }));
    const off = ctx.realtime.subscribe(inboxChannel(userId), () => coalescer.push(null));
    inboxOff = () => {
      off();
      coalescer.cancel();
    };
  }

  async function subscribe(channel: string, shareToken?: string, summary = false) {
    if (subs.has(channel)) return send({ type: "status", channel, status: "SUBSCRIBED" });
    if (subs.size >= opts.maxChannels) {
      return send({ type: "status", channel, status: "CHANNEL_ERROR", message: "Too many channels on one connection" });
    }
    const decision = await canSubscribe(ctx, { user }, { channel, shareToken });
    if (closed) return;
    if (!decision.ok) return send({ type: "status", channel, status: "CHANNEL_ERROR", message: decision.message });
    const { principal, documentId } = decision;
    const release = hub.claimDocumentSlot(address, channel, opts);
    if (!release) return close(REALTIME_CLOSE.tooManyConnections, "too many connections to this document from this address");
    if (principal.kind === "share") {
      // Visitors of one document share one access check and one payload per change.
      const leave = hub.joinVisitors(conn, channel, documentId, principal.shareGeneration ?? -1, decision.shareExpiresAt ?? null);
      subs.set(channel, {
        off: () => {
          leave();
          release();
        },
        asUser: false,
      });
    } else {
      // A list gets the summary: a novel's every save must not travel to each dashboard.
      const coalescer = createCoalescer<DocumentRecord>(REALTIME_MAX_EVENTS_PER_SECOND, (record) =>
        send({ type: "UPDATE", channel, record: summary ? summarizeRecord(record) : record }),
      );
      const off = ctx.realtime.subscribe(channel, (event) => coalescer.push(event.record as DocumentRecord));
      subs.set(channel, {
        off: () => {
          off();
          coalescer.cancel();
          release();
        },
        asUser: true,
      });
    }
    send({ type: "status", channel, status: "SUBSCRIBED" });
  }

  async function handle(msg: RealtimeClientMessage) {
    if (msg.type === "ping") return send({ type: "pong" });
    if (msg.type === "auth") return authenticate(msg.access_token);
    if (!authed) return close(REALTIME_CLOSE.unauthorized, "auth message expected");
    if (msg.type === "subscribe") return subscribe(msg.channel, msg.share_token, msg.summary);
    drop(msg.channel);
  }

  // Handlers are attached synchronously; messages are handled one at a time, in order.
  socket.on("message", (data, isBinary) => {
    if (closed) return;
    if (messageBytes(data) > REALTIME_MAX_MESSAGE_BYTES) return close(REALTIME_CLOSE.messageTooLarge, "message too large");
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    if (++windowCount > opts.maxMessagesPerSecond) return close(REALTIME_CLOSE.tooManyMessages, "too many messages");
    let parsed: unknown;
    try {
      parsed = isBinary ? null : JSON.parse(data.toString());
    } catch {
      parsed = null;
    }
    const result = RealtimeClientMessageSchema.safeParse(parsed);
    if (!result.success) return send({ type: "error", message: "Unrecognized message" });
    queue = queue
      .then(() => handle(result.data))
      .catch(() => send({ type: "error", message: "Could not handle the message" }));
  });
}
