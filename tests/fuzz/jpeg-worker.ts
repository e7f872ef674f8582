/**
 * Decodes one fuzz input at a time for tests/fuzz/jpeg.ts, which waits for it with a deadline: an input that
 * never ends is stopped with this thread, and kept.
 */
import { type MessagePort, workerData } from "node:worker_threads";
import type { JpegScale } from "~/media/jpeg-scaled";
import { judge } from "../support/jpeg-fuzz";

const { port, done } = workerData as { port: MessagePort; done: Int32Array };

port.on("message", ({ bytes, scale }: { bytes: Uint8Array; scale: JpegScale }) => {
  let answer: { verdict?: ReturnType<typeof judge>; failure?: string };
  try {
    answer = { verdict: judge(bytes, scale) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.stack}` : "";
    answer = { failure: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
  port.postMessage(answer);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
