// A port for a test server. Chosen below Linux's ephemeral range (32768–60999): the port a probe finds free is
// bound a moment later by the server, and in between the machine's outgoing connections (a browser's, a test's)
// take their local ports from that range, never from this one.
import { createServer } from "node:net";

const FIRST = 20_000;
const COUNT = 10_000;

function tryPort(port) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)));
  });
}

/** A port free on 127.0.0.1 now, outside the range the system hands out on its own. */
export async function freePort() {
  for (;;) {
    const port = FIRST + Math.floor(Math.random() * COUNT);
    if (await tryPort(port)) return port;
  }
}
