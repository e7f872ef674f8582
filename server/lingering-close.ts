import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/** How long a connection answered before its upload was read stays open for the client to read the answer. */
const EARLY_ANSWER_LINGER_MS = 2_000;

/** Each connection's latest request: a keep-alive connection carries many, one after the other. */
const latestRequest = new WeakMap<Socket, IncomingMessage>();

/**
 * A refused upload (413, 411) is answered with `Connection: close` before its body is read. Closing at once, with the
 * body's bytes still arriving, resets the connection, and a client still sending can lose the answer with it. So the
 * server sends its end of the connection and waits a moment before closing it, as servers' "lingering close" does;
 * the unread body stays unread, held back by the socket's flow control. Called for every request; the connection's
 * close is wrapped once, and looks at the connection's latest request.
 */
export function lingerAfterEarlyAnswer(request: IncomingMessage, lingerMs = EARLY_ANSWER_LINGER_MS) {
  const socket = request.socket;
  const wrapped = latestRequest.has(socket);
  latestRequest.set(socket, request);
  if (wrapped) return;
  const closeNow = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (latestRequest.get(socket)?.complete) return closeNow();
    socket.end();
    setTimeout(() => socket.destroy(), lingerMs).unref();
  };
}
