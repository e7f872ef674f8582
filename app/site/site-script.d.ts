/** URL of the public site's enhancement script, its own Vite entry (vite.config.ts, siteScript plugin). */
declare module "virtual:site-script" {
  const url: string;
  export default url;
}
