/** WhatsApp numbers are stored as digits with the country code. */
export const PHONE_MESSAGE = "Escribe el número con el código de país, por ejemplo +57 300 123 4567";

/** '+57 300 123-4567', '0057 3001234567', '(57) 300 123 4567' → '573001234567'; null when not a plausible number. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+(\d][\d\s().-]*$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (!trimmed.startsWith("+") && digits.startsWith("00")) digits = digits.slice(2);
  return digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0") ? digits : null;
}

/** Shown back to the merchant: '+573001234567'. */
export function displayPhone(digits: string): string {
  return digits ? `+${digits}` : "";
}
