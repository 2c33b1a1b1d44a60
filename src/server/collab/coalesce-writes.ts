// Everything a live connection is sent in one turn of the event loop leaves in one network
// write (see coalesceWrites).
import type { Socket } from "node:net";
import type { WebSocket } from "ws";

/** Sockets whose writes wait for the end of this turn of the event loop, to go out in one write each. */
let corked = new Set<Socket>();
function flushCorked() {
  // Taken first, so that a socket that fails to flush cannot keep the others (or later turns) waiting.
  const sockets = corked;
  corked = new Set();
  for (const socket of sockets) {
    try {
      socket.uncork();
    } catch (err) {
      socket.destroy(err as Error);
    }
  }
}

/**
 * Sends what a connection is sent in one turn of the event loop with one write to the
 * operating system instead of one per message. Each keystroke goes to every editor of the
 * document (and its acknowledgement back to the typist); with 50 editors typing, those
 * writes were most of the server's time, and the more messages queue up while the server
 * is busy, the more go out together. The messages stay separate frames, in order, and leave
 * before the event loop waits for the network again, so none is held longer than its turn.
 */
export function coalesceWrites(webSocket: WebSocket): void {
  const send = webSocket.send.bind(webSocket) as (...args: unknown[]) => void;
  (webSocket as unknown as { send: (...args: unknown[]) => void }).send = (...args) => {
    // ws keeps its network socket here; without one (not yet or no longer open) it writes nothing anyway.
    const socket = (webSocket as unknown as { _socket?: Socket | null })._socket;
    if (socket && !socket.destroyed && !corked.has(socket)) {
      if (corked.size === 0) setImmediate(flushCorked);
      socket.cork();
      corked.add(socket);
    }
    send(...args);
  };
}
