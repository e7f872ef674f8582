/**
 * Product pictures for the demo store, drawn in code so the repository ships no binary photos:
 * a studio-like backdrop with soft light and a shaded object, with fine grain like a camera sensor.
 * The pipeline then treats them exactly like a merchant's upload.
 */
type PictureShape = "mug" | "bag" | "ball" | "bottle" | "box" | "plant" | "shirt";

export interface PictureSpec {
  shape: PictureShape;
  hue: number;
  backdropHue: number;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

function inside(shape: PictureShape, u: number, v: number): boolean {
  switch (shape) {
    case "ball":
      return (u - 0.5) ** 2 + (v - 0.52) ** 2 < 0.09;
    case "mug":
      return (
        (u > 0.3 && u < 0.66 && v > 0.32 && v < 0.78) ||
        ((u - 0.7) ** 2 + (v - 0.52) ** 2 < 0.012 && (u - 0.7) ** 2 + (v - 0.52) ** 2 > 0.004)
      );
    case "bag":
      return (
        (u > 0.25 && u < 0.75 && v > 0.38 && v < 0.82) || (Math.abs(Math.hypot(u - 0.5, v - 0.38) - 0.12) < 0.02 && v < 0.38)
      );
    case "bottle":
      return (u > 0.38 && u < 0.62 && v > 0.4 && v < 0.85) || (u > 0.45 && u < 0.55 && v > 0.18 && v <= 0.4);
    case "box":
      return u > 0.26 && u < 0.74 && v > 0.3 && v < 0.78;
    case "shirt":
      // A T-shirt: the body, the sleeves across the shoulders, and a round neck cut out.
      return (
        ((u > 0.33 && u < 0.67 && v > 0.3 && v < 0.82) || (u > 0.18 && u < 0.82 && v > 0.3 && v < 0.46)) &&
        (u - 0.5) ** 2 + (v - 0.3) ** 2 > 0.006
      );
    case "plant":
      return (u > 0.38 && u < 0.62 && v > 0.6 && v < 0.85) || (u - 0.5) ** 2 / 0.04 + (v - 0.42) ** 2 / 0.03 < 1;
  }
}

/** Raw RGBA pixels of one picture; deterministic for a spec and size. */
export function drawPicture(spec: PictureSpec, width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  const [br, bg, bb] = hslToRgb(spec.backdropHue, 0.25, 0.88);
  const [or, og, ob] = hslToRgb(spec.hue, 0.6, 0.5);
  let seed = spec.hue * 7919 + spec.backdropHue;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 10;
  };
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const i = (y * width + x) * 4;
      let r: number;
      let g: number;
      let b: number;
      if (inside(spec.shape, u, v)) {
        // Light from the upper left: brighter towards it, darker at the far edge.
        const light = 1.15 - 0.6 * Math.hypot(u - 0.35, v - 0.3);
        r = or * light;
        g = og * light;
        b = ob * light;
      } else {
        const vignette = 1 - 0.25 * Math.hypot(u - 0.5, v - 0.45);
        const shadow = v > 0.8 && Math.abs(u - 0.5) < 0.3 ? 0.85 : 1;
        r = br * vignette * shadow;
        g = bg * vignette * shadow;
        b = bb * vignette * shadow;
      }
      const n = noise();
      rgba[i] = Math.max(0, Math.min(255, r + n));
      rgba[i + 1] = Math.max(0, Math.min(255, g + n));
      rgba[i + 2] = Math.max(0, Math.min(255, b + n));
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}
