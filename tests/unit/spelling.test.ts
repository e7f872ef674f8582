// The spell check `npm test` runs on the app's source (cspell.json): a Spanish typo in a UI string is caught, the
// Spanish the UI uses and the code's English pass.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";

/** cspell on `source` as if it were a file of app/, with the project's settings: its verdict and the lines it printed. */
function spellCheck(source: string) {
  const run = spawnSync("node_modules/.bin/cspell", ["--no-progress", "--no-summary", "stdin://app/sales/example.tsx"], {
    input: source,
    encoding: "utf8",
  });
  return { ok: run.status === 0, lines: (run.stdout + run.stderr).split("\n").filter(Boolean) };
}

describe("the spell check of the UI", () => {
  // One run checks both lines: cspell takes seconds to load its dictionaries.
  let checked: ReturnType<typeof spellCheck>;
  beforeAll(() => {
    checked = spellCheck(
      [
        'export const TYPO = "Pago regístrado";',
        'export const PAID = "Pago registrado: tu pago fue comprobado. Escríbelo y publícalo."; // serialise the revalidator',
        "",
      ].join("\n"),
    );
  }, 60_000);

  it("catches a Spanish typo in a UI string", () => {
    expect(checked.ok).toBe(false);
    expect(checked.lines.some((line) => line.includes(":1:") && line.includes("Unknown word (regístrado)"))).toBe(true);
  });

  it("passes the UI's Spanish, its imperatives with a pronoun and the code's English (only the typo is reported)", () => {
    expect(checked.lines).toHaveLength(1);
  });
});
