// Live document updates and the signed-in person's inbox changes over one shared WebSocket
// to /realtime. The socket opens with the first subscription (a document or the inbox) and
// closes with the last; it authenticates with the current access token as its first message,
// re-sends the token when the session refreshes, re-joins every channel after a reconnect,
// and reconnects with back-off. The server follows the person's inbox on its own once the
// socket is signed in; nothing is sent to join it.
import {
  type DocumentRecord,
  type DocumentSummary,
  REALTIME_CLOSE,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  type RealtimeStatus,
} from "../../shared/contracts/documents";
import { documentChannel } from "../../shared/contracts/realtime-channel";
import { getAccessToken, onAuthClientLoaded } from "./auth-client";

export type { RealtimeStatus };

export interface DocumentSubscriptionHandlers {
  /** A DocumentSummary when the subscription asked for `summary`, else the record with its content. */
  onUpdate(record: DocumentRecord | DocumentSummary): void;
  onStatus(status: RealtimeStatus): void;
}

interface ChannelState {
  shareToken?: string;
  summary?: boolean;
  listeners: Set<DocumentSubscriptionHandlers>;
  status: RealtimeStatus;
}

const channels = new Map<string, ChannelState>();
/** Told when the inbox changed, and on each (re)connection, as changes may have been missed meanwhile. */
const inboxListeners = new Set<() => void>();
/** Someone needs the socket open. */
const wanted = () => channels.size > 0 || inboxListeners.size > 0;
let socket: WebSocket | null = null;
let ready = false;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let keepAliveTimer: ReturnType<typeof setInterval> | null = null;
let awaitingPong = false;
let authWatchInstalled = false;
/** The server ended this session's socket (signed out elsewhere, password changed, account deleted). */
let waitingForSignIn = false;

/** Back-off after the n-th failed attempt: 0.5 s doubling to 30 s, with jitter. */
export function reconnectDelay(n: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** n);
  return Math.round(base / 2 + random() * (base / 2));
}

const KEEPALIVE_MS = 25_000;

function realtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/realtime`;
}

function setStatus(state: ChannelState, status: RealtimeStatus) {
  if (state.status === status) return;
  state.status = status;
  for (const l of [...state.listeners]) l.onStatus(status);
}

function send(msg: RealtimeClientMessage) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function join(channel: string, state: ChannelState) {
  send({ type: "subscribe", channel, ...(state.shareToken ? { share_token: state.shareToken } : {}), ...(state.summary ? { summary: true } : {}) });
}

function joinAll() {
  for (const [channel, state] of channels) join(channel, state);
}

function inboxChanged() {
  for (const l of [...inboxListeners]) l();
}

function onMessage(event: MessageEvent) {
  let msg: RealtimeServerMessage;
  try {
    msg = JSON.parse(String(event.data)) as RealtimeServerMessage;
  } catch {
    return;
  }
  switch (msg.type) {
    case "ready":
      if (!ready) {
        ready = true;
        attempt = 0;
        joinAll();
        inboxChanged();
      }
      break;
    case "status": {
      const state = channels.get(msg.channel);
      if (state) setStatus(state, msg.status);
      break;
    }
    case "UPDATE": {
      const state = channels.get(msg.channel);
      if (state) for (const l of [...state.listeners]) l.onUpdate(msg.record);
      break;
    }
    case "INBOX":
      inboxChanged();
      break;
    case "pong":
      awaitingPong = false;
      break;
    default:
      break;
  }
}

function scheduleReconnect(minDelay = 0) {
  if (reconnectTimer || !wanted() || waitingForSignIn) return;
  const delay = Math.max(minDelay, reconnectDelay(attempt++));
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    connect();
  }, delay);
}

function teardown() {
  if (keepAliveTimer) clearInterval(keepAliveTimer);
  keepAliveTimer = null;
  awaitingPong = false;
  ready = false;
  const s = socket;
  socket = null;
  if (s) {
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    if (s.readyState === WebSocket.OPEN || s.readyState === WebSocket.CONNECTING) s.close(1000);
  }
  for (const state of channels.values()) setStatus(state, "CLOSED");
}

function connect() {
  if (socket || !wanted()) return;
  installAuthWatch();
  const s = new WebSocket(realtimeUrl());
  socket = s;
  s.onopen = () => {
    getAccessToken()
      .catch(() => null)
      .then((token) => {
        if (socket !== s) return;
        send({ type: "auth", access_token: token });
      });
    // Detects a connection that died silently (sleeping laptop, dropped proxy).
    keepAliveTimer = setInterval(() => {
      if (awaitingPong) {
        teardown();
        scheduleReconnect();
        return;
      }
      awaitingPong = true;
      send({ type: "ping" });
    }, KEEPALIVE_MS);
  };
  s.onmessage = onMessage;
  s.onclose = (event) => {
    if (socket !== s) return;
    teardown();
    afterClose(event.code);
  };
  s.onerror = () => {
    /* onclose follows and reconnects */
  };
}

/**
 * What a close code means for reconnecting. A revoked session or an ended share link must not
 * reconnect in a loop: the same token would be refused again.
 */
function afterClose(code: number) {
  if (code === REALTIME_CLOSE.sessionEnded || code === REALTIME_CLOSE.unauthorized) {
    // Wait for the auth client to report a new session (or a sign-out) before trying again.
    waitingForSignIn = true;
    return;
  }
  if (code === REALTIME_CLOSE.shareEnded) {
    // The link's channels are over; their pages show that access ended.
    for (const [channel, state] of [...channels]) {
      if (!state.shareToken) continue;
      setStatus(state, "CHANNEL_ERROR");
      channels.delete(channel);
    }
  }
  // Over the per-address cap: come back later, not at once.
  scheduleReconnect(code === REALTIME_CLOSE.tooManyConnections ? 30_000 : 0);
}

/** Reconnect at once (e.g. back online, or signed in as someone else). */
function reconnectNow() {
  waitingForSignIn = false;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  attempt = 0;
  teardown();
  connect();
}

function installAuthWatch() {
  if (authWatchInstalled || typeof window === "undefined") return;
  authWatchInstalled = true;
  window.addEventListener("online", () => {
    if (wanted() && !ready) reconnectNow();
  });
  onAuthClientLoaded((client) => {
    let userId: string | null | undefined;
    client.onAuthStateChange((event, session) => {
      const nextUser = session?.user.id ?? null;
      const changedUser = userId !== undefined && nextUser !== userId;
      userId = nextUser;
      if (!wanted()) return;
      if (waitingForSignIn) {
        // The ended session's socket comes back only with a new token (or none, signed out).
        if (event === "SIGNED_IN" || event === "TOKEN_REFRESHED" || event === "SIGNED_OUT" || changedUser) setTimeout(reconnectNow, 0);
        return;
      }
      if (!socket) return;
      if (changedUser || event === "SIGNED_OUT") {
        // A socket belongs to one user: start over with the new identity.
        setTimeout(reconnectNow, 0);
      } else if (event === "TOKEN_REFRESHED" && session && ready) {
        send({ type: "auth", access_token: session.access_token });
      }
    });
  });
}

/**
 * Follows one document: `onUpdate` gets each UPDATE's record (the presented document, with
 * the writer's user_id), `onStatus` reports SUBSCRIBED / CHANNEL_ERROR / CLOSED. Returns the
 * unsubscribe function.
 */
export function subscribeToDocument(
  documentId: string,
  handlers: DocumentSubscriptionHandlers,
  opts: { shareToken?: string; summary?: boolean } = {},
): () => void {
  const channel = documentChannel(documentId);
  let state = channels.get(channel);
  const fresh = !state;
  if (!state) {
    state = { shareToken: opts.shareToken, summary: opts.summary, listeners: new Set(), status: "CLOSED" };
    channels.set(channel, state);
  } else if (opts.shareToken && !state.shareToken) {
    state.shareToken = opts.shareToken;
  }
  const listener = { ...handlers };
  state.listeners.add(listener);
  if (state.status !== "CLOSED") handlers.onStatus(state.status);
  if (!socket) connect();
  else if (fresh && ready) join(channel, state);

  return () => {
    const current = channels.get(channel);
    if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
    channels.delete(channel);
    send({ type: "unsubscribe", channel });
    closeIfUnwanted();
  };
}

function closeIfUnwanted() {
  if (wanted()) return;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  teardown();
}

/**
 * Calls `onChange` when the signed-in person's inbox changed (a notification for them, or
 * some of theirs read on another tab or device) and each time the socket is (re)connected,
 * when changes may have been missed: the caller reads its counts again. Shares the documents'
 * socket. Returns the function that stops it.
 */
export function subscribeToInbox(onChange: () => void): () => void {
  const listener = () => onChange();
  inboxListeners.add(listener);
  if (!socket) connect();
  return () => {
    if (!inboxListeners.delete(listener)) return;
    closeIfUnwanted();
  };
}
