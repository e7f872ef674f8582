import { describe, expect, it } from "vitest";
import { currencyOptions, isSupportedCurrency, restatePrice } from "~/domain/currencies";
import {
  bannerUploadProblem,
  canAddProduct,
  canAddSection,
  LIMIT_MESSAGES,
  photoUploadProblem,
  sectionItemsProblem,
} from "~/domain/limits";
import { translatorFor } from "~/domain/message-catalogs";
import { swapWithNeighbour } from "~/domain/ordering";
import { isAudioOnly, sniffVideoType } from "~/media/video-rules";

const standard = { products: 30, banner: 3, sections: 3, itemsPerSection: 8, photosPerProduct: 4 };
const premium = { products: null, banner: 6, sections: 8, itemsPerSection: 20, photosPerProduct: 8 };

describe("plan limits", () => {
  it("banner slots: the spec's two messages", () => {
    expect(bannerUploadProblem(standard, 0, 3)).toBeNull();
    expect(bannerUploadProblem(standard, 2, 2)).toBe("Queda solo 1 espacio para imágenes del banner");
    expect(bannerUploadProblem(premium, 4, 3)).toBe("Quedan solo 2 espacios para imágenes del banner");
    expect(bannerUploadProblem(standard, 3, 1)).toBe("No quedan suficientes espacios");
    expect(bannerUploadProblem(premium, 3, 3)).toBeNull();
  });

  it("products: standard stops at 30, premium never", () => {
    expect(canAddProduct(standard, 29)).toBe(true);
    expect(canAddProduct(standard, 30)).toBe(false);
    expect(canAddProduct(premium, 100_000)).toBe(true);
    expect(LIMIT_MESSAGES.products).toBe("Limite de productos alcanzado");
  });

  it("sections and items per section", () => {
    expect(canAddSection(standard, 2)).toBe(true);
    expect(canAddSection(standard, 3)).toBe(false);
    expect(canAddSection(premium, 7)).toBe(true);
    expect(sectionItemsProblem(standard, 6, 2)).toBeNull();
    expect(sectionItemsProblem(standard, 6, 3)).toBe("Límite sobrepasado: Esta sección solo tiene 2 espacios disponibles");
    expect(sectionItemsProblem(standard, 7, 2)).toBe("Límite sobrepasado: Esta sección solo tiene 1 espacio disponible");
    expect(sectionItemsProblem(standard, 8, 1)).toBe("Límite sobrepasado: Esta sección solo tiene 0 espacios disponibles");
  });

  it("photos per product: 4 on standard, 8 on premium, the cover included", () => {
    expect(photoUploadProblem(standard, 1, 3)).toBeNull();
    expect(photoUploadProblem(standard, 2, 3)).toBe("Quedan solo 2 espacios para fotos de este producto");
    expect(photoUploadProblem(standard, 3, 2)).toBe("Queda solo 1 espacio para fotos de este producto");
    // The photos page's hint.
    expect(LIMIT_MESSAGES.photoSlotsLeft(1)).toBe("Puedes elegir varias a la vez: te queda 1 espacio.");
    expect(LIMIT_MESSAGES.photoSlotsLeft(3)).toBe("Puedes elegir varias a la vez: te quedan 3 espacios.");
    expect(photoUploadProblem(standard, 4, 1)).toBe("Límite de fotos alcanzado: tu plan permite 4 fotos por producto");
    expect(photoUploadProblem(premium, 4, 4)).toBeNull();
    expect(photoUploadProblem(premium, 8, 1)).toBe("Límite de fotos alcanzado: tu plan permite 8 fotos por producto");
  });

  it("the photos page's hint: the catalog's base says the neutral words, an Argentine merchant reads 'vos'", () => {
    const hint = { id: "products.gallery.slotsLeft", defaultMessage: "" };
    for (const free of [1, 3]) expect(translatorFor("es")(hint, { free })).toBe(LIMIT_MESSAGES.photoSlotsLeft(free));
    expect(translatorFor("es-AR")(hint, { free: 1 })).toBe("Podés elegir varias a la vez: te queda 1 espacio.");
  });
});

describe("currencies from Intl", () => {
  it("about 160 codes with Spanish names, including the region's", () => {
    const options = currencyOptions();
    expect(options.length).toBeGreaterThanOrEqual(150);
    expect(options.find((c) => c.code === "COP")?.name).toMatch(/^Peso colombiano$/i);
    expect(options.find((c) => c.code === "CLP")?.digits).toBe(0);
    expect(isSupportedCurrency("MXN")).toBe(true);
    expect(isSupportedCurrency("XXX")).toBe(false);
    expect(isSupportedCurrency("<script>")).toBe(false);
  });

  it("restates prices so the typed amount stays", () => {
    expect(restatePrice(1250, "USD", "EUR")).toBe(1250);
    expect(restatePrice(1250, "USD", "CLP")).toBe(13);
    expect(restatePrice(13, "CLP", "USD")).toBe(1300);
    expect(restatePrice(1250, "USD", "BHD")).toBe(12500);
  });
});

describe("manual ordering", () => {
  const items = [
    { id: 1, position: 1 },
    { id: 2, position: 2 },
    { id: 3, position: 5 },
  ];
  it("swaps positions with the neighbour", () => {
    expect(swapWithNeighbour(items, 2, "down")).toEqual([
      { id: 2, position: 5 },
      { id: 3, position: 2 },
    ]);
    expect(swapWithNeighbour(items, 1, "up")).toEqual([]);
    expect(swapWithNeighbour(items, 9, "up")).toBeNull();
  });
});

describe("video formats by their bytes", () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(Array(16).fill(0)),
    );
  it("recognises the spec's containers", () => {
    expect(sniffVideoType(bytes([0, 0, 0, 0x18], "ftypisom"), "a.mp4")).toBe("mp4");
    expect(sniffVideoType(bytes([0, 0, 0, 0x14], "ftypqt  "), "a.mov")).toBe("mov");
    expect(sniffVideoType(bytes([0, 0, 0, 0x14], "ftypM4A "), "a.m4a")).toBe("m4a");
    expect(sniffVideoType(bytes([0x1a, 0x45, 0xdf, 0xa3], "....webm"), "a.webm")).toBe("webm");
    expect(sniffVideoType(bytes([0x1a, 0x45, 0xdf, 0xa3], "....matroska"), "a.mkv")).toBe("mkv");
    expect(sniffVideoType(bytes("RIFF", [0, 0, 0, 0], "AVI LIST"), "a.avi")).toBe("avi");
    expect(sniffVideoType(bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]), "a.wmv")).toBe("wmv");
    expect(sniffVideoType(bytes("FLV", [1]), "a.flv")).toBe("flv");
    expect(sniffVideoType(bytes("fLaC"), "a.flac")).toBe("flac");
    expect(sniffVideoType(bytes("OggS"), "a.ogg")).toBe("ogg");
    expect(sniffVideoType(bytes([0xff, 0xf1, 0x50, 0x80]), "a.aac")).toBe("aac");
    expect(isAudioOnly("flac")).toBe(true);
    expect(isAudioOnly("webm")).toBe(false);
  });

  it("refuses what only claims to be a video", () => {
    expect(sniffVideoType(bytes("<html><script>alert(1)</script>"), "clip.mp4")).toBeNull();
    expect(sniffVideoType(bytes("MZ", [0x90, 0]), "clip.webm")).toBeNull();
    expect(sniffVideoType(new Uint8Array(4), "clip.mp4")).toBeNull();
  });
});
