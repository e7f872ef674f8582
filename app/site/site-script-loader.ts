/**
 * How a public page asks for its enhancement script (decision 0072). Every page works without it, so on a browser's
 * first page of the store it waits for the page's load and the frame after it: the network carries the page's own
 * pictures first, the first banner above all, and they have painted. Once the script has run here, this browser has
 * it in its cache (a hashed build file, kept a year), and later pages ask for it at once: no network to share, and the
 * store's font, which the script applies, comes as early as before.
 */

/** localStorage key holding the path of the last site script that ran in this browser. */
const SITE_SCRIPT_SEEN_KEY = "vitrina-site-script";

/**
 * An inline classic script placed where the module script was: it reads the script's path from its own
 * `data-site-script` attribute, so its text is the same in every build and on every page.
 */
export const SITE_SCRIPT_LOADER = `(()=>{const src=document.currentScript.dataset.siteScript;const start=()=>{const s=document.createElement("script");s.type="module";s.src=src;document.body.append(s)};let seen=false;try{seen=localStorage.getItem(${JSON.stringify(SITE_SCRIPT_SEEN_KEY)})===src}catch{}if(seen)start();else addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(start)),{once:true})})()`;
