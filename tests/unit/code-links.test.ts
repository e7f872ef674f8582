// Discount links (decision 0055): the code a link asks for, what it does to a cart, the notice's cookie and words, the
// merchant's link, and the shared cache never answering a link or the page that shows what it did.
import { describe, expect, it } from "vitest";
import {
  type CodeLinkOutcome,
  codeLinkNotice,
  codeLinkUrl,
  keepsCode,
  linkedCode,
  linkOutcome,
  outcomeCookie,
  outcomeFromCookie,
  withoutLinkedCode,
} from "~/domain/code-links";
import type { DiscountCode } from "~/domain/discounts";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { REFS } from "~/domain/referral";
import { publicPageCacheKey } from "~/site/edge-cache";

const es = translatorFor("es");

const TODAY = "2026-03-10";
const money = (minor: number) => formatMoney(minor, "ARS", "AR");
const code = (fields: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 1,
  code: "Mate10",
  kind: "percent",
  value: 10,
  minPurchase: null,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  uses: 0,
  active: true,
  ...fields,
});
const params = (search: string) => new URLSearchParams(search);

describe("the code a link asks for", () => {
  it("is read without regard to case or spaces; a link without one, or with it empty, asks for none", () => {
    expect(linkedCode(params("?codigo=mate10"))).toBe("MATE10");
    expect(linkedCode(params("?ref=instagram&codigo=%20Mate10%20"))).toBe("MATE10");
    expect(linkedCode(params("?ref=instagram"))).toBeNull();
    expect(linkedCode(params("?codigo="))).toBeNull();
  });

  it("anything not shaped like a code is no code of any store ('-', judged unknown and counted as a wrong one)", () => {
    for (const raw of ["<b>x</b>", "a.b.c", "ab", "x".repeat(21), "MATE 10"]) {
      expect(linkedCode(params(`?codigo=${encodeURIComponent(raw)}`)), raw).toBe("-");
    }
  });

  it("the page it redirects to is the same address without it, its other parameters kept in order", () => {
    expect(withoutLinkedCode("/site/demo/Store", "?codigo=MATE10&ref=instagram&utm_source=ig")).toBe(
      "/site/demo/Store?ref=instagram&utm_source=ig",
    );
    expect(withoutLinkedCode("/", "?ref=whatsapp&codigo=MATE10&q=te")).toBe("/?ref=whatsapp&q=te");
    expect(withoutLinkedCode("/Cart", "?codigo=MATE10")).toBe("/Cart");
    expect(withoutLinkedCode("/Search", "?q=caf%C3%A9&codigo=x")).toBe("/Search?q=caf%C3%A9");
  });
});

describe("what a link's code does to a cart", () => {
  it("a valid code (in any case) is applied with the merchant's spelling of it", () => {
    const outcome = linkOutcome("MATE10", code(), 0, TODAY);
    expect(outcome).toEqual({ kind: "applied", code: "Mate10", discount: "percent", value: 10 });
    expect(keepsCode(outcome)).toBe(true);
  });

  it("unknown, switched off, not started, expired or used up: refused, and not kept", () => {
    const cases: Array<[DiscountCode | undefined, string]> = [
      [undefined, "unknown"],
      [code({ active: false }), "unknown"],
      [code({ startsOn: "2026-03-11" }), "not_started"],
      [code({ endsOn: "2026-03-09" }), "expired"],
      [code({ maxUses: 5, uses: 5 }), "exhausted"],
    ];
    for (const [row, problem] of cases) {
      const outcome = linkOutcome("MATE10", row, 0, TODAY);
      expect(outcome).toEqual({ kind: "refused", code: row?.code ?? "MATE10", problem });
      expect(keepsCode(outcome)).toBe(false);
    }
    // The last day is still valid.
    expect(linkOutcome("MATE10", code({ endsOn: TODAY }), 0, TODAY).kind).toBe("applied");
  });

  it("a code with a minimum the cart does not reach yet is kept, to apply once it does", () => {
    const withMinimum = code({ kind: "amount", value: 500_00, minPurchase: 20_000_00 });
    const below = linkOutcome("MATE10", withMinimum, 0, TODAY);
    expect(below).toEqual({ kind: "minimum", code: "Mate10", discount: "amount", value: 500_00, minimum: 20_000_00 });
    expect(keepsCode(below)).toBe(true);
    expect(linkOutcome("MATE10", withMinimum, 20_000_00, TODAY).kind).toBe("applied");
  });
});

describe("the notice the landing page shows", () => {
  const all: CodeLinkOutcome[] = [
    { kind: "applied", code: "Mate10", discount: "percent", value: 10 },
    { kind: "minimum", code: "Mate10", discount: "amount", value: 500_00, minimum: 20_000_00 },
    { kind: "refused", code: "VIEJO", problem: "expired" },
    { kind: "refused", code: "-", problem: "unknown" },
    { kind: "wait", minutes: 12 },
  ];

  it("travels in a cookie of plain tokens and comes back the same", () => {
    for (const outcome of all) {
      const value = outcomeCookie(outcome);
      expect(value).toMatch(/^[A-Za-z0-9_.-]+$/);
      expect(outcomeFromCookie(value)).toEqual(outcome);
    }
  });

  it("a cookie this module did not write shows nothing", () => {
    for (const forged of [
      null,
      "",
      "applied",
      "applied.Mate10.percent",
      "applied.Mate10.percent.10.5",
      "applied.<b>.percent.10",
      "applied.Mate10.gratis.10",
      "refused.Mate10.below_minimum",
      "refused.Mate10.constructor",
      "wait.0",
      "wait.x",
      "toString.Mate10",
    ]) {
      expect(outcomeFromCookie(forged), String(forged)).toBeNull();
    }
  });

  it("says what the code gives, or why it does not apply, with today's messages", () => {
    expect(all.map((o) => codeLinkNotice(o, money, es))).toEqual([
      { tone: "success", text: "Código Mate10 aplicado: 10 % de descuento" },
      {
        tone: "success",
        text: `Código Mate10 guardado: ${money(500_00)} de descuento. Este código es para compras desde ${money(20_000_00)}`,
      },
      { tone: "error", text: "No se aplicó el código VIEJO: este código de descuento ya venció" },
      { tone: "error", text: "Este código de descuento no existe" },
      { tone: "error", text: "Demasiados códigos incorrectos: vuelve a intentarlo en 12 minutos" },
    ]);
    expect(codeLinkNotice({ kind: "wait", minutes: 1 }, money, es).text).toBe(
      "Demasiados códigos incorrectos: vuelve a intentarlo en 1 minuto",
    );
  });
});

describe("the merchant's link", () => {
  it("is the store's address with the code and the ref of where it is shared, on its own host or under /site/", () => {
    expect(codeLinkUrl("https://demo.vitrina.example/", "Mate10", REFS.link)).toBe(
      "https://demo.vitrina.example/?codigo=Mate10&ref=link",
    );
    expect(codeLinkUrl("https://app.vitrina.example/site/demo", "Mate10", REFS.whatsapp)).toBe(
      "https://app.vitrina.example/site/demo?codigo=Mate10&ref=whatsapp",
    );
  });
});

describe("the shared cache and discount links", () => {
  const DOMAIN = "vitrina.example";
  const get = (url: string, cookie?: string) =>
    new Request(url, { headers: { host: new URL(url).host, ...(cookie ? { cookie } : {}) } });

  it("never answers a link (its answer sets the shopper's cookies) nor the page showing what one did", () => {
    expect(publicPageCacheKey(get("https://demo.vitrina.example/?ref=instagram"), DOMAIN)).not.toBeNull();
    expect(publicPageCacheKey(get("https://demo.vitrina.example/?codigo=MATE10&ref=instagram"), DOMAIN)).toBeNull();
    expect(publicPageCacheKey(get("https://app.vitrina.example/site/demo/Store?codigo=MATE10"), DOMAIN)).toBeNull();
    expect(
      publicPageCacheKey(get("https://demo.vitrina.example/?ref=instagram", "codigo_aviso=applied.MATE10.percent.10"), DOMAIN),
    ).toBeNull();
    // The code alone, kept for the cart, leaves the ordinary pages shared.
    expect(publicPageCacheKey(get("https://demo.vitrina.example/?ref=instagram", "codigo=MATE10"), DOMAIN)).not.toBeNull();
  });
});
