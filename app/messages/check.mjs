// The message catalog's check (npm test's lint lane) and its extraction (`npm run messages:extract`), decision 0067.
//   node app/messages/check.mjs          fails when the base catalog is not what the code says: a message missing from
//                                        it, one no code uses any more, one whose text changed; when a variant names an
//                                        id the base has not, repeats the base's text, or uses other arguments; and
//                                        when any message of any variant does not compile.
//   node app/messages/check.mjs --write  writes the base catalog (app/messages/es.json) from the code, and every
//                                        variant compiled (app/messages/compiled/{locale}.ts), which the app imports.
// The compiled catalogs are modules, not a build step, so every way the app's modules run reads them the same: Vite's
// builds, vitest, and the scripts and child processes under tsx (which take no JSON import without an attribute the
// project's TypeScript settings refuse). The check fails when one is stale.
// The code's messages are `t({ id, defaultMessage })`, `t.rich(…)` and `defineMessages({…})`, found by formatjs's
// own extraction.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BASE = "es";
const dir = resolve("app/messages");
const compiledDir = join(dir, "compiled");
// FormatJS's CLI is a Node script: found through its package and run by this Node (knip.json names the package, which
// no import shows).
const formatjsCli = createRequire(import.meta.url).resolve("@formatjs/cli/bin/formatjs");
const formatjs = process.execPath;
const write = process.argv.includes("--write");

const tmp = mkdtempSync(join(tmpdir(), "messages-"));
const extractedFile = join(tmp, "extracted.json");
try {
  execFileSync(
    formatjs,
    [
      formatjsCli,
      "extract",
      "app/**/*.{ts,tsx}",
      "--ignore",
      "app/**/+types/**",
      "--additional-function-names",
      "t,rich",
      "--format",
      "simple",
      "--preserve-whitespace",
      "--throws",
      "--out-file",
      extractedFile,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const extracted = JSON.parse(readFileSync(extractedFile, "utf8"));
  const baseFile = join(dir, `${BASE}.json`);
  if (write) {
    const sorted = Object.fromEntries(Object.entries(extracted).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(baseFile, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`${Object.keys(sorted).length} messages written to ${baseFile}`);
  }
  const problems = [];
  const base = JSON.parse(readFileSync(baseFile, "utf8"));
  for (const [id, text] of Object.entries(extracted)) {
    if (!(id in base)) problems.push(`missing from ${BASE}.json: ${id}`);
    else if (base[id] !== text) problems.push(`${BASE}.json differs from the code: ${id}`);
  }
  for (const id of Object.keys(base)) if (!(id in extracted)) problems.push(`unused (no code says it): ${id}`);
  // A descriptor the extraction cannot see (written in a call not named `t`, `rich` or `defineMessages`) would be
  // missing from every catalog, and its arguments would show as written ('Pago {code}'): every `id: "…",
  // defaultMessage:` in the code must be one the extraction found.
  for (const id of descriptorIdsInCode()) if (!(id in extracted)) problems.push(`not extracted (say it with t(…)): ${id}`);

  const compiled = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const locale = file.replace(/\.json$/, "");
    try {
      const out = execFileSync(formatjs, [formatjsCli, "compile", join(dir, file), "--ast", "--format", "simple"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      compiled[locale] = JSON.parse(out);
      const compiledFile = join(compiledDir, `${locale}.ts`);
      const text = compiledModule(file, compiled[locale]);
      if (write) {
        mkdirSync(compiledDir, { recursive: true });
        writeFileSync(compiledFile, text);
      } else if (!existsSync(compiledFile) || readFileSync(compiledFile, "utf8") !== text)
        problems.push(`compiled/${locale}.ts is not ${file} compiled`);
    } catch (error) {
      problems.push(`${file} does not compile: ${String(error.stderr || error.message).trim()}`);
    }
  }
  const variants = Object.keys(compiled).filter((locale) => locale !== BASE);
  for (const locale of variants) {
    const messages = JSON.parse(readFileSync(join(dir, `${locale}.json`), "utf8"));
    for (const [id, text] of Object.entries(messages)) {
      if (!(id in base)) problems.push(`${locale}.json overrides an id the base has not: ${id}`);
      else if (text === base[id]) problems.push(`${locale}.json repeats the base's text: ${id}`);
      else if (compiled[BASE] && argumentsOf(compiled[locale][id]) !== argumentsOf(compiled[BASE][id]))
        problems.push(`${locale}.json takes other arguments than the base: ${id}`);
    }
  }
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(`${problems.length} problems in the message catalog (npm run messages:extract writes the base from the code)`);
    process.exitCode = 1;
  } else {
    console.log(
      `Message catalog: ${Object.keys(base).length} messages; ${variants.map((l) => `${l} overrides ${Object.keys(compiled[l]).length}`).join(", ")}`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** A variant's compiled catalog as a module: parsed from one string, so the type checker never infers its shape. */
function compiledModule(file, catalog) {
  return [
    `// ${file} compiled by \`npm run messages:extract\` (app/messages/check.mjs): never edited by hand.`,
    `import type { CompiledCatalog } from "../../domain/messages";`,
    "",
    `const catalog: CompiledCatalog = JSON.parse(${JSON.stringify(JSON.stringify(catalog))});`,
    "export default catalog;",
    "",
  ].join("\n");
}

/** The names a compiled message takes (arguments and rich-text tags), sorted: a variant must take the same. */
function argumentsOf(elements) {
  const names = new Set();
  const walk = (list) => {
    for (const element of list ?? []) {
      if (element.type >= 1 && element.type <= 6) names.add(element.value);
      if (element.type === 8) {
        names.add(`<${element.value}>`);
        walk(element.children);
      }
      if (element.options) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return [...names].sort().join(",");
}

/** The ids of every message descriptor written in the app's code, found by their shape, whatever call holds them. */
function descriptorIdsInCode() {
  const ids = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "+types" && entry.name !== "compiled") walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(path, "utf8").matchAll(/\bid: "([\w.-]+)",\s*defaultMessage:/g)) ids.add(match[1]);
      }
    }
  };
  walk(resolve("app"));
  return ids;
}
