import { describe, expect, it } from "vitest";
import { countryOfTimeZone, newStoreLocale } from "~/domain/countries";
import { translatorFor } from "~/domain/message-catalogs";
import { displayPhone, normalizePhone, phoneMessage, storedPhone } from "~/domain/phone";
import { socialMessage } from "~/domain/social";

/** E.164 without the '+': what the store keeps and what wa.me links take. */
describe("WhatsApp numbers, as people type them in each country", () => {
  it.each([
    // Argentina: mobiles reached with a 9 after 54, which nobody types at home; '15' after the area code.
    ["AR", "11 5555-1234", "5491155551234"],
    ["AR", "011 15-5555-1234", "5491155551234"],
    ["AR", "15 5555-1234", null],
    ["AR", "+54 9 11 5555-1234", "5491155551234"],
    ["AR", "+54 11 5555-1234", "5491155551234"],
    ["AR", "351 555-1234", "5493515551234"],
    ["AR", "0351 15 555-1234", "5493515551234"],
    // Mexico: ten digits; the old mobile '1' after 52 is dropped.
    ["MX", "55 1234 5678", "525512345678"],
    ["MX", "+52 1 55 1234 5678", "525512345678"],
    ["MX", "(55) 1234-5678", "525512345678"],
    // Colombia: mobiles of 10 digits starting with 3; landlines with their 60x area code.
    ["CO", "300 123 4567", "573001234567"],
    ["CO", "300-123-4567", "573001234567"],
    ["CO", "+57 300 123 4567", "573001234567"],
    ["CO", "0057 300 123 4567", "573001234567"],
    ["CO", "601 234 5678", "576012345678"],
    // Chile, Peru, Uruguay, Brazil.
    ["CL", "9 6123 4567", "56961234567"],
    ["CL", "+56 9 6123 4567", "56961234567"],
    ["PE", "912 345 678", "51912345678"],
    ["UY", "094 231 234", "59894231234"],
    ["UY", "94 231 234", "59894231234"],
    ["BR", "(11) 96123-4567", "5511961234567"],
    ["BR", "+55 11 96123-4567", "5511961234567"],
    // Another country's number typed with its code is read as that country's.
    ["AR", "+57 300 123 4567", "573001234567"],
  ] as const)("%s: '%s' → %s", (country, input, digits) => expect(normalizePhone(input, country)).toBe(digits));

  it.each([
    ["CO", "300 123 456"],
    ["CO", "12345"],
    ["AR", "5555-1234"],
    ["MX", "55 1234 567"],
    ["BR", "(11) 6123-45"],
    ["CO", "javascript:alert(1)"],
    ["CO", "+57 300 123 4567 999999"],
  ] as const)("%s: refuses '%s'", (country, input) => expect(normalizePhone(input, country)).toBeNull());

  it("says in Spanish how a number is written in the store's country", () => {
    expect(phoneMessage("AR")).toBe(
      "Este número de WhatsApp no existe en Argentina. Escríbelo con su código de área, o con + y el código de país. Por ejemplo: 11 2345-6789",
    );
    expect(phoneMessage("CO")).toMatch(/no existe en Colombia\..*Por ejemplo: 321 1234567$/);
  });

  it("says it, and a social profile's refusal, in the merchant's variant: the catalog's neutral words or 'vos'", () => {
    const [es, ar] = [translatorFor("es"), translatorFor("es-AR")];
    for (const country of ["AR", "CO", "MX"] as const) expect(phoneMessage(country, es)).toBe(phoneMessage(country));
    expect(phoneMessage("AR", ar)).toBe(
      "Este número de WhatsApp no existe en Argentina. Escribilo con su código de área, o con + y el código de país. Por ejemplo: 11 2345-6789",
    );
    expect(socialMessage("tiktok", es)).toBe(socialMessage("tiktok"));
    expect(socialMessage("tiktok", ar)).toBe("Escribí tu usuario de TikTok (por ejemplo @mitienda) o el enlace a tu perfil");
  });

  it("numbers saved before countries: kept when valid, read as the country's when saved without its code", () => {
    expect(storedPhone("573001234567", "CO")).toBe("573001234567");
    expect(storedPhone("1155551234", "AR")).toBe("5491155551234");
    expect(storedPhone("541155551234", "AR")).toBe("5491155551234");
    expect(storedPhone("12345678", "CO")).toBeNull();
    expect(displayPhone("5491155551234")).toBe("+54 9 11 5555 1234");
  });

  it("a store's country from its time zone", () => {
    expect(countryOfTimeZone("America/Argentina/Cordoba")).toBe("AR");
    expect(countryOfTimeZone("America/Mexico_City")).toBe("MX");
    // A new store prices in its country's money; a zone of no store country (UTC) keeps the US dollar.
    expect(newStoreLocale("America/Mexico_City")).toEqual({ country: "MX", currency: "MXN" });
    expect(newStoreLocale("America/Guayaquil")).toEqual({ country: "EC", currency: "USD" });
    expect(newStoreLocale("Europe/Madrid")).toEqual({ country: "ES", currency: "EUR" });
    expect(newStoreLocale("UTC")).toEqual({ country: "CO", currency: "USD" });
    expect(newStoreLocale(undefined)).toEqual({ country: "CO", currency: "USD" });
    expect(countryOfTimeZone("America/Sao_Paulo")).toBe("BR");
    expect(countryOfTimeZone("Europe/Madrid")).toBe("ES");
    expect(countryOfTimeZone("Asia/Tokyo")).toBe("CO");
    expect(countryOfTimeZone(null)).toBe("CO");
  });

  it("a zone named like an object's built-ins is no country's", () => {
    for (const zone of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(countryOfTimeZone(zone), zone).toBe("CO");
      expect(newStoreLocale(zone), zone).toEqual({ country: "CO", currency: "USD" });
    }
  });
});
