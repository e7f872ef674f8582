// The spell check `npm test` runs on the app's source (cspell.json): a Spanish typo in a UI string is caught, the
// Spanish the UI uses and the code's English pass.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** cspell on `source` as if it were a file of app/, with the project's settings. */
function spellCheck(source: string) {
  const run = spawnSync("node_modules/.bin/cspell", ["--no-progress", "--no-summary", "stdin://app/sales/example.tsx"], {
    input: source,
    encoding: "utf8",
  });
  return { ok: run.status === 0, output: run.stdout + run.stderr };
}

describe("the spell check of the UI", () => {
  it("catches a Spanish typo in a UI string", () => {
    const checked = spellCheck('export const PAID = "Pago regístrado";\n');
    expect(checked.ok).toBe(false);
    expect(checked.output).toContain("Unknown word (regístrado)");
  }, 20_000);

  it("passes the UI's Spanish, its imperatives with a pronoun and the code's English", () => {
    const checked = spellCheck(
      'export const PAID = "Pago registrado: tu pago fue comprobado. Escríbelo y publícalo."; // serialise the revalidator\n',
    );
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  }, 20_000);
});
