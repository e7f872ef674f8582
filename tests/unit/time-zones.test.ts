import { describe, expect, it } from "vitest";
import { isValidTimeZone, timeZoneChoices, timeZoneLabel, timeZoneOffset, timeZoneOptions } from "~/domain/time-zones";

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

describe("the time zones as the picker names them", () => {
  // A day of the southern summer: Santiago and São Paulo's rules, Madrid's winter.
  const november = new Date("2026-11-28T12:00:00Z");
  const july = new Date("2026-07-01T12:00:00Z");

  it("shows each zone by its city in Spanish and its offset now, the value staying the IANA id", () => {
    expect(timeZoneLabel("America/Buenos_Aires", november)).toBe("Buenos Aires (GMT\u22123)");
    expect(timeZoneLabel("America/Mexico_City", november)).toBe("Ciudad de México (GMT\u22126)");
    expect(timeZoneLabel("America/Bogota", november)).toBe("Bogotá (GMT\u22125)");
    expect(timeZoneLabel("America/Sao_Paulo", november)).toBe("São Paulo (GMT\u22123)");
    expect(timeZoneLabel("America/Argentina/Salta", november)).toBe("Salta, Argentina (GMT\u22123)");
    expect(timeZoneLabel("America/St_Johns", november)).toBe("San Juan de Terranova (GMT\u22123:30)");
    expect(timeZoneLabel("Pacific/Easter", november)).toBe("Isla de Pascua (GMT\u22125)");
    expect(timeZoneLabel("Atlantic/Canary", november)).toBe("Canarias (GMT)");
    expect(timeZoneLabel("Europe/Madrid", november)).toBe("Madrid (GMT+1)");
    // The offset of the day: Madrid and New York in their summer time, Santiago in its winter.
    expect(timeZoneLabel("Europe/Madrid", july)).toBe("Madrid (GMT+2)");
    expect(timeZoneLabel("America/New_York", july)).toBe("Nueva York (GMT\u22124)");
    expect(timeZoneLabel("America/Santiago", july)).toBe("Santiago (GMT\u22124)");
    expect(timeZoneLabel("America/Santiago", november)).toBe("Santiago (GMT\u22123)");
  });

  it("sorts them by offset, west to east, then by name, and names no two alike", () => {
    const choices = timeZoneChoices(november);
    expect(choices.map((c) => c.value)).toEqual(expect.arrayContaining(timeZoneOptions()));
    expect(choices).toHaveLength(timeZoneOptions().length);
    const offsets = choices.map((c) => timeZoneOffset(c.value, november));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(choices.map((c) => c.label)).size).toBe(choices.length);
    const utcMinus3 = choices.filter((c) => timeZoneOffset(c.value, november) === -180).map((c) => c.label);
    expect(utcMinus3.slice(0, 5)).toEqual([
      "Araguaína (GMT\u22123)",
      "Asunción (GMT\u22123)",
      "Bahía (GMT\u22123)",
      "Belém (GMT\u22123)",
      "Buenos Aires (GMT\u22123)",
    ]);
    expect(choices.at(-1)).toEqual({ value: "Europe/Madrid", label: "Madrid (GMT+1)" });
  });

  it("offers a store's own zone outside the list first, by its city", () => {
    expect(timeZoneChoices(november, "Asia/Tokyo")[0]).toEqual({ value: "Asia/Tokyo", label: "Tokyo (GMT+9)" });
    expect(timeZoneChoices(november, "America/Lima")).toEqual(timeZoneChoices(november));
  });
});
