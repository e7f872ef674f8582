import { describe, expect, it } from "vitest";
import { isValidTimeZone, timeZoneOptions } from "~/domain/time-zones";

describe("the store's time zone picker", () => {
  it("offers the Americas and the few other zones where merchants are, not all ~420", () => {
    const zones = timeZoneOptions();
    expect(zones).toEqual(
      expect.arrayContaining(["America/Bogota", "America/Mexico_City", "Pacific/Galapagos", "Europe/Madrid"]),
    );
    expect(zones).not.toContain("Asia/Tokyo");
    expect(zones.length).toBeLessThan(200);
    expect(zones.every(isValidTimeZone)).toBe(true);
  });

  it("offers a store's own zone first when it is valid but not in the list, and ignores an invalid one", () => {
    expect(timeZoneOptions("Asia/Tokyo")[0]).toBe("Asia/Tokyo");
    expect(timeZoneOptions("America/Lima")).toEqual(timeZoneOptions());
    expect(timeZoneOptions("Marte/Olympus")).toEqual(timeZoneOptions());
  });
});
