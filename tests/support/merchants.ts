import { createSession } from "../../app/auth/sessions.server";
import { insertStore, type NewStore } from "../../app/workspace/store-record.server";
import { users } from "../../db/schema";
import type { createTestServices } from "./services";

type S = ReturnType<typeof createTestServices>;

/** A merchant in good standing on `plan` (bill due in 20 days) with one store; `store` sets its fields (url, currency…). */
export async function merchantWithStore(
  s: S,
  plan: "standard" | "premium" = "standard",
  store: Partial<Omit<NewStore, "ownerId">> = {},
) {
  const id = crypto.randomUUID();
  const now = s.clock.now();
  await s.db.insert(users).values({
    id,
    name: "Ana",
    lastname: "Ruiz",
    email: `${id}@correo.test`,
    passwordHash: "x",
    trialStarted: true,
    plan,
    billTotal: plan === "standard" ? 499 : 999,
    billDueAt: new Date(now.getTime() + 20 * 86_400_000),
    createdAt: now,
  });
  const created = await insertStore(
    s.db,
    { ownerId: id, name: `Tienda ${id.slice(0, 8)}`, url: `tienda-${id.slice(0, 8)}`, category: 6, ...store },
    now,
  );
  return { id, store: created };
}

/** merchantWithStore, signed in: `cookie` is what a request sends for its session. */
export async function signedInMerchant(
  s: S,
  plan: "standard" | "premium" = "standard",
  store: Partial<Omit<NewStore, "ownerId">> = {},
) {
  const merchant = await merchantWithStore(s, plan, store);
  const cookie = (await createSession(s, merchant.id)).split(";")[0] ?? "";
  return { ...merchant, cookie };
}
