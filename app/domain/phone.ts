import { type CountryCode, getExampleNumber, type PhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { countryName, type StoreCountry } from "./countries";
import { defineMessage, neutralText, type Translate } from "./messages";

/**
 * WhatsApp numbers: read as the merchant types them in the store's country ('11 5555-1234' in Argentina,
 * '300 123 4567' in Colombia, or with a '+' and any country code), checked with libphonenumber-js's metadata,
 * stored in E.164 without the '+' ('5491155551234'), which is also what wa.me and api.whatsapp.com links take.
 */

/** A mobile number of the country as people write it there ('11 2345-6789'… from the library's examples). */
export function phoneExample(country: StoreCountry): string {
  const example = getExampleNumber(country as CountryCode, examples);
  if (!example) return "";
  // Argentina writes its mobiles without the 0 and the 15 of the national dialling form.
  return country === "AR" ? example.formatNational().replace(/^0/, "").replace(/ 15-/, " ") : example.formatNational();
}

const PHONE_MESSAGE = defineMessage({
  id: "stores.refusal.phone",
  defaultMessage:
    "Este número de WhatsApp no existe en {country}. Escríbelo con su código de área, o con + y el código de país.{sample}",
});

/**
 * The message for a number that does not exist in the store's country, with how one is written there: in `t`'s
 * variant (the merchant's), or the base's neutral words without one.
 */
export function phoneMessage(country: StoreCountry, t?: Translate): string {
  const example = phoneExample(country);
  const values = { country: countryName(country), sample: example ? ` Por ejemplo: ${example}` : "" };
  return (t ?? neutralText)(PHONE_MESSAGE, values);
}

/**
 * A typed number as E.164 digits, or null when it is no valid number. Without a '+' (or the country's
 * international prefix, '00'…) it is read as a number of the store's country.
 *
 * Argentina's mobiles are dialled from abroad, and reached by WhatsApp, with a 9 after the country code
 * (+54 9 11…), which nobody types at home: a number that is valid there as a landline and valid as a mobile with
 * the 9 is taken as the mobile (a WhatsApp number almost always is), and '15' after the area code is understood.
 */
export function normalizePhone(input: string, country: StoreCountry): string | null {
  const trimmed = input.trim();
  if (!/^[+(\d][\d\s().-]*$/.test(trimmed)) return null;
  for (const candidate of spellings(trimmed)) {
    const parsed = parsePhoneNumberFromString(candidate, country as CountryCode);
    if (parsed?.isValid()) return withWhatsAppForm(parsed).number.slice(1);
  }
  return null;
}

/**
 * The number as typed, then as people also write it: '00' for the '+' of the country code (from anywhere, though
 * some countries dial abroad with 00 and a carrier digit), and Mexico's mobiles with the '1' after 52 they had
 * until 2019.
 */
function spellings(typed: string): string[] {
  const international = typed.replace(/^00\s*/, "+");
  return [typed, international, international.replace(/^\+\s*52[\s-]*1/, "+52")];
}

function withWhatsAppForm(number: PhoneNumber): PhoneNumber {
  if (number.country !== "AR" || number.getType() === "MOBILE" || number.nationalNumber.startsWith("9")) return number;
  const mobile = parsePhoneNumberFromString(`+549${number.nationalNumber}`);
  return mobile?.isValid() && mobile.getType() === "MOBILE" ? mobile : number;
}

/**
 * A stored number read again: E.164 digits as they are when valid, else (numbers saved before country rules,
 * typed without their country code) the same digits read as a national number of the store's country; null when
 * neither is a valid number.
 */
export function storedPhone(digits: string, country: StoreCountry): string | null {
  if (!digits) return null;
  const international = parsePhoneNumberFromString(`+${digits}`);
  if (international?.isValid()) return withWhatsAppForm(international).number.slice(1);
  return normalizePhone(digits, country);
}

/** Shown back to the merchant: '+54 9 11 5555-1234'; a number that does not parse as it was stored. */
export function displayPhone(digits: string): string {
  if (!digits) return "";
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}
