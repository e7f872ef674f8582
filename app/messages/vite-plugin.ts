import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const PREFIX = "virtual:messages/";

/** A variant's catalog file: its messages by id, in ICU MessageFormat (app/messages/es.json, es-AR.json…). */
const catalogFile = (locale: string): string => fileURLToPath(new URL(`./${locale}.json`, import.meta.url));

/**
 * `virtual:messages/{locale}`: the variant's catalog compiled by `formatjs compile --ast` at build, so the runtime
 * (intl-messageformat without its parser) formats parsed messages and never parses or evaluates one (decision 0067).
 */
export function messageCatalogs(): Plugin {
  const formatjs = fileURLToPath(new URL("../../node_modules/.bin/formatjs", import.meta.url));
  return {
    name: "vitrina-message-catalogs",
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const file = catalogFile(id.slice(PREFIX.length + 1));
      this.addWatchFile(file);
      const compiled = execFileSync(formatjs, ["compile", file, "--ast", "--format", "simple"], { encoding: "utf8" });
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(compiled)))});`;
    },
  };
}
