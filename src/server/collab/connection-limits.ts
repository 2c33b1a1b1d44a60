// Limits on live connections before and after sign-in. Before it, the live-editing library
// keeps every message a socket sends until the socket authenticates, without bound; so a
// socket that has not signed in within a few seconds or a few kilobytes is closed. After it,
// one user (and one address) may hold only so many live connections on this instance.
import type { WebSocket } from "ws";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";

export const CONNECTION_LIMITS = {
  /** An editor's first messages (its token, its state vector, its caret) are well under this. */
  preAuthBytes: 64 * 1024,
  preAuthMs: 10_000,
  /** Every open document in every tab of one person is one connection. */
  perUser: 64,
  /** Several people behind one network address (an office) share this. */
  perAddress: 256,
};

export class TooManyConnections extends Error {
  readonly code = COLLAB_CLOSE.tooManyConnections;
  readonly reason = "Too many live connections";
}

/** Counts per key (a user, an address), with a cap. */
class Counter {
  private readonly counts = new Map<string, number>();
  constructor(private readonly cap: () => number) {}
  /** Takes a place for `key`; false when it has none left. */
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.cap()) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  give(key: string): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
}

/** One socket's pass through the limits; handed to the library as connection context. */
export interface ConnectionGate {
  /** Called when a document on this socket authenticates as `userId` (null: a link visitor). */
  signedIn(userId: string | null): void;
}

export interface ConnectionLimits {
  /** Watches a new socket from `address`; closes it at once when the address has no place left. */
  admit(socket: WebSocket, address: string): ConnectionGate;
}

export function createConnectionLimits(limits = CONNECTION_LIMITS): ConnectionLimits {
  const users = new Counter(() => limits.perUser);
  const addresses = new Counter(() => limits.perAddress);
  return {
    admit(socket, address) {
      if (!addresses.take(address)) {
        socket.close(COLLAB_CLOSE.tooManyConnections, "Too many live connections from this address");
        return { signedIn() {} };
      }
      let user: string | null = null;
      let authenticated = false;
      let preAuthBytes = 0;
      const notSignedIn = () => {
        socket.close(COLLAB_CLOSE.notAuthenticated, "Not signed in");
        // A client that ignores the close frame is cut off.
        setTimeout(() => socket.terminate(), 2000).unref();
      };
      const timer = setTimeout(notSignedIn, limits.preAuthMs);
      timer.unref();
      const countBytes = (data: Buffer | ArrayBuffer | Buffer[]) => {
        if (authenticated) return;
        preAuthBytes += Array.isArray(data) ? data.reduce((n, b) => n + b.byteLength, 0) : data.byteLength;
        if (preAuthBytes > limits.preAuthBytes) {
          socket.off("message", countBytes);
          notSignedIn();
        }
      };
      // Registered before the library's own listener, so an oversized first burst is seen first.
      socket.prependListener("message", countBytes);
      socket.once("close", () => {
        clearTimeout(timer);
        addresses.give(address);
        if (user) users.give(user);
      });
      return {
        signedIn(userId) {
          if (!authenticated) {
            authenticated = true;
            clearTimeout(timer);
            socket.off("message", countBytes);
          }
          if (userId && !user) {
            if (!users.take(userId)) throw new TooManyConnections();
            user = userId;
          }
        },
      };
    },
  };
}

/** Messages and bytes one connection sent in the current second; a flood is closed by count or by bytes. */
export class MessageWindow {
  private start = 0;
  private count = 0;
  private bytes = 0;
  /** Counts a message of `bytes`; false once the second holds more than `maxMessages` or `maxBytes`. */
  admit(bytes: number, maxMessages: number, maxBytes: number, now = Date.now()): boolean {
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
      this.bytes = 0;
    }
    this.bytes += bytes;
    return ++this.count <= maxMessages && this.bytes <= maxBytes;
  }
}
