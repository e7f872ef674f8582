import { describe, expect, it } from "vitest";
import { SITE_SCRIPT_LOADER } from "~/site/site-script-loader";

const SRC = "/assets/site-abc123.js";

/** Runs the inline loader against a stand-in page: what it appends, when, and what it listens for. */
function runLoader(seen: () => string | null) {
  const appended: Array<{ type?: string; src?: string }> = [];
  const listeners = new Map<string, () => void>();
  const document = {
    currentScript: { dataset: { siteScript: SRC } },
    createElement: (tag: string) => {
      expect(tag).toBe("script");
      return {};
    },
    body: { append: (element: { type?: string; src?: string }) => appended.push(element) },
  };
  const localStorage = {
    getItem: (key: string) => {
      expect(key).toBe("vitrina-site-script");
      return seen();
    },
  };
  const addEventListener = (type: string, listener: () => void, options: { once: boolean }) => {
    expect(options).toEqual({ once: true });
    listeners.set(type, listener);
  };
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  new Function("document", "localStorage", "addEventListener", "requestAnimationFrame", "setTimeout", SITE_SCRIPT_LOADER)(
    document,
    localStorage,
    addEventListener,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
  );
  const run = (queue: Array<() => void>) => {
    for (const callback of queue.splice(0)) callback();
  };
  return { appended, listeners, frames, tasks, run };
}

describe("the public page's site script loader", () => {
  it("asks for the script after the page's load and the frame after it, on the browser's first page of the store", () => {
    const { appended, listeners, frames, tasks, run } = runLoader(() => null);
    expect(appended).toEqual([]);
    listeners.get("load")?.();
    expect(appended).toEqual([]);
    run(frames);
    expect(appended).toEqual([]);
    expect(tasks).toHaveLength(1);
    run(tasks);
    expect(appended).toEqual([{ type: "module", src: SRC }]);
  });

  it("asks at once when this browser last ran the same script (it is in its cache)", () => {
    const { appended, listeners } = runLoader(() => SRC);
    expect(appended).toEqual([{ type: "module", src: SRC }]);
    expect(listeners.size).toBe(0);
  });

  it("waits for the load when the script that ran here was another build's", () => {
    const { appended, listeners } = runLoader(() => "/assets/site-older.js");
    expect(appended).toEqual([]);
    expect([...listeners.keys()]).toEqual(["load"]);
  });

  it("waits for the load when storage cannot be read (private mode, storage off)", () => {
    const { appended, listeners } = runLoader(() => {
      throw new Error("SecurityError");
    });
    expect(appended).toEqual([]);
    expect([...listeners.keys()]).toEqual(["load"]);
  });
});
