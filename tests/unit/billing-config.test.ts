import { describe, expect, it } from "vitest";
import { AdjustableClock, isAdjustableClock, systemClock } from "~/services/clock";
import { ConfigError, parseConfig } from "~/services/config";

const base = { RUNTIME: "node", APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "file:x.db" };

describe("billing settings", () => {
  it("prices an extra store at 0.50 of the billing currency unless set", () => {
    expect(parseConfig(base).storeUnlockPrice).toBe(50);
    expect(parseConfig({ ...base, STORE_UNLOCK_PRICE: "1,25" }).storeUnlockPrice).toBe(125);
    expect(parseConfig({ ...base, BILLING_CURRENCY: "CLP", STORE_UNLOCK_PRICE: "450" }).storeUnlockPrice).toBe(450);
    expect(() => parseConfig({ ...base, STORE_UNLOCK_PRICE: "gratis" })).toThrow(/STORE_UNLOCK_PRICE/);
    expect(() => parseConfig({ ...base, STORE_UNLOCK_PRICE: "0" })).toThrow(ConfigError);
  });
});

describe("test clock", () => {
  it("moves forward in whole days, persists each change and resets", () => {
    const saved: number[] = [];
    const clock = new AdjustableClock(0, (offset) => saved.push(offset));
    expect(isAdjustableClock(clock)).toBe(true);
    expect(isAdjustableClock(systemClock)).toBe(false);
    const before = Date.now();
    clock.advanceDays(11);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(11 * 86_400_000);
    expect(clock.now().getTime() - before).toBeLessThan(11 * 86_400_000 + 60_000);
    expect(() => clock.advanceDays(0)).toThrow(RangeError);
    expect(() => clock.advanceDays(1.5)).toThrow(RangeError);
    clock.reset();
    expect(saved).toEqual([11 * 86_400_000, 0]);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("starts from a saved offset", () => {
    expect(new AdjustableClock(3 * 86_400_000).offsetMs).toBe(3 * 86_400_000);
  });
});
