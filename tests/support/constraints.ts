import { expect } from "vitest";

/** Drizzle wraps driver errors; the SQLite constraint message is on the cause. */
export async function expectConstraint(promise: Promise<unknown>, kind: "UNIQUE" | "CHECK" | "FOREIGN KEY") {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  expect(error, `expected a ${kind} constraint failure`).not.toBeNull();
  expect(`${error?.message} ${error?.cause?.message}`).toContain(`${kind} constraint failed`);
}
