import { afterAll, beforeAll } from "vitest";

/** A stand-in server for the calling test file: started before its tests, stopped after them. */
export function forThisFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const standIn = {} as T;
  beforeAll(async () => {
    Object.assign(standIn, await start());
  });
  afterAll(async () => {
    await standIn.close();
  });
  return standIn;
}
