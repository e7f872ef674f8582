import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { lingerAfterEarlyAnswer } from "../../server/lingering-close";

/** A connection's close as the server calls it, counting what happens. */
function fakeConnection() {
  const calls = { closedNow: 0, ended: 0, destroyed: 0 };
  const socket = {
    destroySoon: () => calls.closedNow++,
    end: () => calls.ended++,
    destroy: () => calls.destroyed++,
  } as unknown as Socket;
  const request = (complete: boolean) => ({ socket, complete }) as IncomingMessage;
  return { socket, request, calls };
}

describe("lingering close", () => {
  it("closes at once after a request read whole, even after 50,000 requests on one keep-alive connection", () => {
    const { socket, request, calls } = fakeConnection();
    // Wrapping the close again for every request nested them: the 30,000th request's close overflowed the stack and
    // took the server down.
    for (let i = 0; i < 50_000; i++) lingerAfterEarlyAnswer(request(true));
    socket.destroySoon();
    expect(calls).toEqual({ closedNow: 1, ended: 0, destroyed: 0 });
  });

  it("after a request answered before its body was read, sends its end and closes only after the wait", () => {
    vi.useFakeTimers();
    try {
      const { socket, request, calls } = fakeConnection();
      lingerAfterEarlyAnswer(request(true));
      lingerAfterEarlyAnswer(request(false));
      socket.destroySoon();
      expect(calls).toEqual({ closedNow: 0, ended: 1, destroyed: 0 });
      vi.advanceTimersByTime(1_999);
      expect(calls.destroyed).toBe(0);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual({ closedNow: 0, ended: 1, destroyed: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});
