/**
 * Writing a runtime's buffered statistics events: every few seconds on Node (and at a stop), a couple of seconds
 * after the first event on a Worker isolate (kept alive by the request's `waitUntil`). One write at a time, each one
 * batch (app/stats/visit-counts.server.ts); a write that fails is logged and its counts are lost, never retried into
 * an endless backlog.
 */
import type { Logger } from "~/services/log";
import type { Services } from "~/services/services";
import type { StatsBuffer } from "./count-visit.server";
import { writeStatsEvents } from "./visit-counts.server";

const STATS_FLUSH_MS = 3_000;

export function statsWriter(buffer: StatsBuffer, services: () => Pick<Services, "db" | "clock" | "log">) {
  let running: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    while (running) await running;
    const events = buffer.take();
    if (events.length === 0) return;
    const s = services();
    running = writeStatsEvents(s.db, events, s.clock.now().getTime())
      .catch((error) => (s.log as Logger).error("stats.write_failed", error, { events: events.length }))
      .finally(() => {
        buffer.written();
        running = null;
      });
    await running;
  };
  return { flush };
}

/** Node: a timer that flushes the buffer; `stop` writes what is left (server/main.ts's graceful stop). */
export function startStatsFlush(writer: { flush: () => Promise<void> }, intervalMs = STATS_FLUSH_MS) {
  const timer = setInterval(() => void writer.flush(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await writer.flush();
    },
  };
}

/**
 * Worker: the first event of a quiet isolate schedules a flush a moment later and hands it to that request's
 * `waitUntil`; the events of the requests in between join the same batch.
 */
export function flushSoon(writer: { flush: () => Promise<void> }, delayMs = 2_000) {
  let pending: Promise<void> | null = null;
  return (waitUntil: (promise: Promise<unknown>) => void) => {
    if (pending) return;
    pending = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(() => {
      // Events from now on schedule the next flush (and their own waitUntil): none waits in a buffer nobody flushes.
      pending = null;
      return writer.flush();
    });
    waitUntil(pending);
  };
}
