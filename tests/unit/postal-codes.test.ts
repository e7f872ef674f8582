import { describe, expect, it } from "vitest";
import {
  addressWithPostalCode,
  coversPostalCode,
  formatPostalRules,
  MAX_POSTAL_RULES,
  type PostalRule,
  parsePostalRules,
  postalRulesSummary,
  readPostalCode,
  storedPostalRules,
  zonesForPostalCode,
} from "~/domain/postal-codes";

const rulesOf = (text: string, country: Parameters<typeof parsePostalRules>[1]): PostalRule[] => {
  const parsed = parsePostalRules(text, country);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rules;
};

describe("a shopper's postal code, read in the store country's format", () => {
  it("keeps leading zeros, drops spaces and dashes, and refuses the wrong length", () => {
    expect(readPostalCode(" 06 600 ", "MX")).toBe("06600");
    expect(readPostalCode("6600", "MX")).toBeNull();
    expect(readPostalCode("110111", "CO")).toBe("110111");
    expect(readPostalCode("11011", "CO")).toBeNull();
    expect(readPostalCode("832-0000", "CL")).toBe("8320000");
    expect(readPostalCode("15074", "PE")).toBe("15074");
    expect(readPostalCode("abc", "UY")).toBeNull();
  });

  it("reads Argentina's four digits and its CPA, letters in capitals", () => {
    expect(readPostalCode("1425", "AR")).toBe("1425");
    expect(readPostalCode("c1425abc", "AR")).toBe("C1425ABC");
    expect(readPostalCode("C 1425 ABC", "AR")).toBe("C1425ABC");
    // No province is 'I' or 'O'; five digits is no Argentine code.
    expect(readPostalCode("I1425ABC", "AR")).toBeNull();
    expect(readPostalCode("14250", "AR")).toBeNull();
  });
});

describe("a zone's codes, prefixes and ranges", () => {
  it("Argentina: four digits cover every CPA of them; a CPA listed covers itself", () => {
    const caba = rulesOf("1000-1499, 1602", "AR");
    expect(coversPostalCode(caba, "1425")).toBe(true);
    expect(coversPostalCode(caba, "C1425ABC")).toBe(true);
    expect(coversPostalCode(caba, "1000")).toBe(true);
    expect(coversPostalCode(caba, "1499")).toBe(true);
    expect(coversPostalCode(caba, "1500")).toBe(false);
    expect(coversPostalCode(caba, "5000")).toBe(false);
    expect(coversPostalCode(caba, "B1602ABC")).toBe(true);
    const block = rulesOf("C1425ABC", "AR");
    expect(coversPostalCode(block, "C1425ABC")).toBe(true);
    expect(coversPostalCode(block, "C1425ABD")).toBe(false);
  });

  it("Mexico: prefixes and ranges keep leading zeros", () => {
    const cdmx = rulesOf("01*; 06000-06999\n11000", "MX");
    expect(coversPostalCode(cdmx, "01000")).toBe(true);
    expect(coversPostalCode(cdmx, "06600")).toBe(true);
    expect(coversPostalCode(cdmx, "11000")).toBe(true);
    expect(coversPostalCode(cdmx, "10000")).toBe(false);
    expect(coversPostalCode(cdmx, "60000")).toBe(false);
  });

  it("Colombia's six digits and Chile's seven", () => {
    expect(coversPostalCode(rulesOf("11*", "CO"), "110111")).toBe(true);
    expect(coversPostalCode(rulesOf("11*", "CO"), "050001")).toBe(false);
    expect(coversPostalCode(rulesOf("8320000-8329999", "CL"), "8320000")).toBe(true);
  });

  it("refuses what is no code, a range backwards, and too long a list, in Spanish", () => {
    expect(parsePostalRules("1425, abc", "AR")).toEqual({
      ok: false,
      message: "“abc” no es un código postal: escribe códigos como 1425, prefijos como 14* o rangos como 1425-1429",
    });
    expect(parsePostalRules("1499-1000", "AR")).toEqual({
      ok: false,
      message: "En “1499-1000” el primer código del rango debe ser menor o igual que el segundo",
    });
    expect(parsePostalRules("0100-06000", "MX")).toMatchObject({ ok: false });
    const many = Array.from({ length: MAX_POSTAL_RULES + 1 }, (_, i) => String(1000 + i)).join(",");
    expect(parsePostalRules(many, "AR")).toMatchObject({ ok: false });
  });

  it("shows the list back as it reads it, once each", () => {
    expect(formatPostalRules(rulesOf("1425 ,1425, 14* , c1425abc-c1430abc", "AR"))).toBe("1425, 14*, 1425-1430");
    // The same entry written two ways is kept once.
    expect(formatPostalRules(rulesOf("1000 - 1499; 1000-1499, c1425abc, C 1425 ABC, 14 *, 14*", "AR"))).toBe(
      "1000-1499, C1425ABC, 14*",
    );
  });
});

describe("the zones a shopper may choose", () => {
  const zones = [
    { name: "CABA", postalRules: rulesOf("1000-1499", "AR") },
    { name: "Córdoba", postalRules: rulesOf("5000-5099", "AR") },
    { name: "Retiro en el barrio", postalRules: [] },
  ];
  it("those covering the code and those listing none; every zone without a code", () => {
    expect(zonesForPostalCode(zones, "1425").map((z) => z.name)).toEqual(["CABA", "Retiro en el barrio"]);
    expect(zonesForPostalCode(zones, "5000").map((z) => z.name)).toEqual(["Córdoba", "Retiro en el barrio"]);
    expect(zonesForPostalCode(zones, "9000").map((z) => z.name)).toEqual(["Retiro en el barrio"]);
    expect(zonesForPostalCode(zones, null)).toHaveLength(3);
  });
});

describe("a zone's list as stored", () => {
  it("reads back what formatPostalRules wrote, in any country, and summarises long lists", () => {
    for (const [text, country] of [
      ["1000-1499, 1602, 16*, C1425ABC", "AR"],
      ["01*, 06000-06999, 11000", "MX"],
      ["110111, 05*", "CO"],
    ] as const) {
      const rules = rulesOf(text, country);
      expect(storedPostalRules(formatPostalRules(rules))).toEqual(rules);
    }
    expect(storedPostalRules("")).toEqual([]);
    expect(postalRulesSummary("1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007")).toBe(
      "1000, 1001, 1002, 1003, 1004, 1005 y 2 más",
    );
    expect(postalRulesSummary("1000-1499")).toBe("1000-1499");
  });
});

describe("the address with the buyer's postal code", () => {
  it("adds the code when the sale has one", () => {
    expect(addressWithPostalCode("Av. Corrientes 1234", "C1425ABC")).toBe("Av. Corrientes 1234 (CP C1425ABC)");
    expect(addressWithPostalCode("Av. Corrientes 1234", null)).toBe("Av. Corrientes 1234");
    expect(addressWithPostalCode(null, null)).toBeNull();
  });
});
