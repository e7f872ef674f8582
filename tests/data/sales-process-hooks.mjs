// Module resolution for tests/data/sales-process.ts run by plain Node (type stripping): the app's `~/` alias and
// extensionless TypeScript imports, as Vite resolves them.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const app = new URL("../../app/", import.meta.url);

export async function resolve(specifier, context, next) {
  let target = specifier;
  if (specifier.startsWith("~/")) target = new URL(specifier.slice(2), app).href;
  else if (specifier.startsWith(".") && context.parentURL) target = new URL(specifier, context.parentURL).href;
  else return next(specifier, context);
  const path = fileURLToPath(target);
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`]) {
    if (existsSync(candidate) && !candidate.endsWith("/")) return next(pathToFileURL(candidate).href, context);
  }
  return next(specifier, context);
}
