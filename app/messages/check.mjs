// The message catalog's check (npm test's lint lane) and its extraction (`npm run messages:extract`), decision 0067.
//   node app/messages/check.mjs          fails when the base catalog is not what the code says: a message missing from
//                                        it, one no code uses any more, one whose text changed; when a variant names an
//                                        id the base has not, repeats the base's text, or uses other arguments; and
//                                        when any message of any variant does not compile.
//   node app/messages/check.mjs --write  writes the base catalog (app/messages/es.json) from the code, every
//                                        variant compiled (app/messages/compiled/{locale}.ts), which the app imports,
//                                        and the merchant pages' message groups (compiled/page-groups.ts).
// The compiled catalogs are modules, not a build step, so every way the app's modules run reads them the same: Vite's
// builds, vitest, and the scripts and child processes under tsx (which take no JSON import without an attribute the
// project's TypeScript settings refuse). The check fails when one is stale.
// The code's messages are `t({ id, defaultMessage })`, `t.rich(…)` and `defineMessages({…})`, found by formatjs's
// own extraction.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

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
  const idsByFile = descriptorIdsInCode();
  for (const ids of idsByFile.values())
    for (const id of ids) if (!(id in extracted)) problems.push(`not extracted (say it with t(…)): ${id}`);

  const groupsFile = join(compiledDir, "page-groups.ts");
  const groups = pageGroupsModule(await pageGroups(idsByFile));
  if (write) writeFileSync(groupsFile, groups);
  else if (!existsSync(groupsFile) || readFileSync(groupsFile, "utf8") !== groups)
    problems.push("compiled/page-groups.ts is not what the merchant routes' imports say");

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

/** The ids of the message descriptors written in each module of the app, found by their shape, whatever call holds them. */
function descriptorIdsInCode() {
  const byFile = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "+types" && entry.name !== "compiled") walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        const ids = [...readFileSync(path, "utf8").matchAll(/\bid: "([\w.-]+)",\s*defaultMessage:/g)].map((m) => m[1]);
        byFile.set(path, new Set(ids));
      }
    }
  };
  walk(resolve("app"));
  return byFile;
}

/**
 * The message groups each merchant page needs (decision 0067, 'Per feature'): a group is the ids' first segment
 * ('products', 'sales'). A page's feature is its route module's folder ('products/routes/…' → 'products'); the feature
 * needs every group that the modules of its routes and of the layouts above them say, following their imports (not
 * the `.server` ones: what loaders and actions say is said on the server). Pages of one feature share their groups, so
 * a navigation inside a feature never fetches messages. Read from app/routes.ts, so a new route or import is in the
 * check's sight without anyone keeping a list.
 */
async function pageGroups(idsByFile) {
  const app = resolve("app");
  const { default: routes } = await import(join(app, "routes.ts"));
  const reachable = new Map();
  const groupsOf = (file) => {
    let found = reachable.get(file);
    if (found) return found;
    found = new Set();
    reachable.set(file, found);
    const seen = new Set([file]);
    const stack = [file];
    while (stack.length) {
      const at = stack.pop();
      for (const id of idsByFile.get(at) ?? []) found.add(id.split(".")[0]);
      for (const next of importsOf(app, at)) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return found;
  };
  const features = new Map();
  const pages = [];
  const visit = (list, prefix, chain, inside) => {
    for (const route of list) {
      const file = join(app, route.file);
      const entering = route.file === "merchant/routes/messages-layout.tsx";
      const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, "/") : prefix;
      const below = inside || entering ? [...chain, file] : chain;
      if (route.children) visit(route.children, path, below, inside || entering);
      if (!inside || (!route.path && !route.index)) continue;
      const feature = route.file.split("/")[0];
      const groups = features.get(feature) ?? new Set();
      // A resource route (a CSV, a QR, a redirect: no component) shows nothing in the browser: its groups are not sent.
      const shows = /\bexport default\b/.test(readFileSync(file, "utf8"));
      for (const at of shows ? below : below.slice(0, -1)) for (const group of groupsOf(at)) groups.add(group);
      features.set(feature, groups);
      if (!pages.some(([known]) => known === (path || "/"))) pages.push([path || "/", feature]);
    }
  };
  visit(routes, "", [], false);
  return {
    features: Object.fromEntries(
      [...features].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, g]) => [f, [...g].sort().join(" ")]),
    ),
    pages,
  };
}

/** The app modules a module imports (values, not types; `.server` modules left out), resolved to their files. */
function importsOf(app, file) {
  const found = [];
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+"([^"]+)"|\bimport\("([^"]+)"\)/g)) {
    const spec = match[1] ?? match[2];
    const base = spec.startsWith("~/") ? join(app, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(file), spec) : null;
    if (!base) continue;
    const resolved = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (resolved && !/\.server\.tsx?$/.test(resolved) && relative(app, resolved).split("/")[0] !== "messages")
      found.push(resolved);
  }
  return found;
}

/** The merchant pages' groups as a module (app/domain/page-groups.ts reads it). */
function pageGroupsModule({ features, pages }) {
  return [
    "// The merchant pages' message groups, written by `npm run messages:extract` (app/messages/check.mjs) from the",
    "// routes' imports: never edited by hand.",
    "",
    "/** Each feature's groups (the first segment of its messages' ids), space-separated. */",
    `export const FEATURE_GROUPS: Readonly<Record<string, string>> = ${JSON.stringify(features)};`,
    "",
    "/** Each merchant page's path, as app/routes.ts writes it, and its feature. */",
    `export const PAGE_FEATURES: ReadonlyArray<readonly [string, string]> = ${JSON.stringify(pages)};`,
    "",
  ].join("\n");
}
