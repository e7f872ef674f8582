/**
 * Colours as `#rrggbb` and the WCAG 2.2 contrast they make: relative luminance, contrast ratio, mixing, and the
 * nearest colour of a hue that reaches a ratio (what a merchant is offered when a pair is unreadable).
 */

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `#RGB`, `#rrggbb` or `RRGGBB` in any case as `#rrggbb`, or null. */
export function normalizeHex(value: string): string | null {
  const v = value.trim().toLowerCase().replace(/^#?/, "#");
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join("")}`;
  return HEX_COLOR.test(v) ? v : null;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio as people read it: '4,5:1' (rounded down, so a pair shown as passing does pass). */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace(".", ",")}:1`;
}

/** `a` moved toward `b` by `amount` (0 keeps `a`, 1 gives `b`). */
export function mix(a: string, b: string, amount: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([0, 1, 2].map((i) => (x[i] as number) + ((y[i] as number) - (x[i] as number)) * amount) as unknown as Rgb);
}

export const isDark = (hex: string) => luminance(hex) < 0.18;

/** White or near-black, whichever reads better on `background` (one of them always reaches 4.5:1). */
export function inkOn(background: string): string {
  return contrast("#ffffff", background) >= contrast("#111111", background) ? "#ffffff" : "#111111";
}

/**
 * `color` darkened (on a light background) or lightened (on a dark one) just enough to reach `ratio` against
 * `background`: the suggested fix for an unreadable pair. Black or white when even those fall short.
 */
export function reachContrast(color: string, background: string, ratio: number): string {
  if (contrast(color, background) >= ratio) return color;
  const toward = isDark(background) ? "#ffffff" : "#000000";
  for (let step = 1; step <= 40; step++) {
    const candidate = mix(color, toward, step / 40);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return toward;
}
