/**
 * The installable merchant app: where its files live and what its web app manifest says
 * (docs/decisions/0018-installable-merchant-app.md). Plain data, read by the root layout (the links),
 * the service worker (what it precaches) and the build plugin (what it emits).
 */

/** The brand purple of app/styles/app.css (buttons, the 'Vitrina' mark): the installed app's title bar. */
export const THEME_COLOR = "#5b3df5";
/** The merchant app's page background (app/styles/app.css `body`): the splash screen while it starts. */
export const BACKGROUND_COLOR = "#f6f6f8";

export const MANIFEST_PATH = "/manifest.webmanifest";
export const SERVICE_WORKER_PATH = "/sw.js";
/** The Spanish page shown instead of a merchant page the network could not bring. */
export const OFFLINE_PATH = "/offline.html";
/** The service worker's version as app/pwa/sw.ts writes it; the build plugin puts the build's in its place. */
export const VERSION_MARKER = "__VITRINA_SW_VERSION__";

type IconKind = "any" | "maskable" | "apple" | "badge";

export interface IconSpec {
  path: string;
  /** Width and height in pixels (every icon is square). */
  size: number;
  kind: IconKind;
}

/** Every icon, each resized at build from the one source image (app/pwa/icon-source.png). */
export const ICONS = {
  any192: { path: "/icons/icon-192.png", size: 192, kind: "any" },
  any512: { path: "/icons/icon-512.png", size: 512, kind: "any" },
  maskable512: { path: "/icons/icon-maskable-512.png", size: 512, kind: "maskable" },
  /** iOS home screen: square and opaque (iOS rounds the corners itself). */
  apple180: { path: "/icons/apple-touch-icon.png", size: 180, kind: "apple" },
  /** Android's status bar shows only a notification badge's alpha: the white mark on transparency. */
  badge96: { path: "/icons/badge-96.png", size: 96, kind: "badge" },
} as const satisfies Record<string, IconSpec>;

export const ALL_ICONS: readonly IconSpec[] = Object.values(ICONS);

/**
 * What browsers ask every page for when it links no icon: an ICO file holding one 32 px PNG of the
 * 'any' icon (every current browser reads a PNG inside an ICO).
 */
export const FAVICON = { path: "/favicon.ico", size: 32, kind: "any" } as const satisfies IconSpec;

/**
 * The maskable icon keeps its mark inside the safe zone, the centred circle of 80 % of the icon
 * that every launcher shape keeps: the source is shrunk to this share and padded with its background.
 */
export const MASKABLE_CONTENT_SHARE = 0.8;

export function webManifest() {
  const icon = ({ path, size }: IconSpec, purpose: "any" | "maskable") =>
    ({ src: path, sizes: `${size}x${size}`, type: "image/png", purpose }) as const;
  return {
    id: "/",
    name: "Vitrina",
    short_name: "Vitrina",
    description: "Tus tiendas en línea en un solo lugar: productos, secciones, pedidos y ventas.",
    lang: "es",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [icon(ICONS.any192, "any"), icon(ICONS.any512, "any"), icon(ICONS.maskable512, "maskable")],
  };
}
