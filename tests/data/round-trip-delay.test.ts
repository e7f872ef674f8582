import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { withRoundTripDelay } from "~/services/db";

describe("simulated distance to the database (DB_RTT_MS)", () => {
  it("waits once per round trip: an execute, a batch, and each step of an interactive transaction", async () => {
    const client = withRoundTripDelay(createClient({ url: ":memory:" }), 60);
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    expect(await timed(() => client.execute("select 1"))).toBeGreaterThanOrEqual(55);
    const batch = await timed(() => client.batch(["select 1", "select 2", "select 3"]));
    expect(batch).toBeGreaterThanOrEqual(55);
    expect(batch).toBeLessThan(115);
    const transaction = await timed(async () => {
      const tx = await client.transaction("read");
      await tx.execute("select 1");
      await tx.commit();
    });
    expect(transaction).toBeGreaterThanOrEqual(170);
    client.close();
  });

  it("changes nothing at 0 ms", async () => {
    const direct = createClient({ url: ":memory:" });
    expect(withRoundTripDelay(direct, 0)).toBe(direct);
    direct.close();
  });
});
