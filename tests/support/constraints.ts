import { expect } from "vitest";

/**
 * Drizzle wraps driver errors; the SQLite constraint message is on the cause. `kind` is a constraint kind, or the
 * name of a rule a trigger raises (the reservation rules).
 */
export async function expectConstraint(
  promise: Promise<unknown>,
  kind: "UNIQUE" | "CHECK" | "FOREIGN KEY" | "products_reserved_within_stock" | "product_variants_reserved_within_stock",
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  expect(error, `expected a ${kind} constraint failure`).not.toBeNull();
  const text = `${error?.message} ${error?.cause?.message}`;
  expect(text).toContain(kind.includes("_") ? kind : `${kind} constraint failed`);
}
