import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import {
  fiscalLine,
  isCuit,
  linkParts,
  POLICY_KINDS,
  policyTemplate,
  policyText,
  taxIdProblem,
  textBlocks,
} from "~/domain/policies";
import { matchedContact, WITHDRAWAL_DAYS, withinWithdrawalWindow } from "~/domain/withdrawals";
import { PlainText } from "~/ui/plain-text";

const es = translatorFor("es");

const html = (text: string) => renderToStaticMarkup(createElement(PlainText, { text }));

describe("a merchant's plain text", () => {
  it("is paragraphs, lines and '# ' headings", () => {
    expect(textBlocks("Hola\nsegunda línea\r\n\r\n# Cambios\n\n\n  Último  ")).toEqual([
      { kind: "paragraph", lines: [[{ text: "Hola" }], [{ text: "segunda línea" }]] },
      { kind: "heading", parts: [{ text: "Cambios" }] },
      { kind: "paragraph", lines: [[{ text: "Último" }]] },
    ]);
    expect(html("Hola\nsegunda\n\n# Cambios")).toBe("<p>Hola<br/>segunda</p><h2>Cambios</h2>");
  });

  it("links web addresses and emails, without the sentence's punctuation", () => {
    expect(linkParts("Escríbenos a hola@tienda.com. O mira https://tienda.com/envios?x=1, o (https://a.test/b).")).toEqual([
      { text: "Escríbenos a " },
      { text: "hola@tienda.com", href: "mailto:hola@tienda.com" },
      { text: ". O mira " },
      { text: "https://tienda.com/envios?x=1", href: "https://tienda.com/envios?x=1" },
      { text: ", o (" },
      { text: "https://a.test/b", href: "https://a.test/b" },
      { text: ")." },
    ]);
  });

  it("never links a 'javascript:' or 'data:' address, and never passes HTML through", () => {
    for (const text of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
    ]) {
      expect(
        linkParts(text).every((part) => !("href" in part)),
        text,
      ).toBe(true);
      expect(html(text), text).not.toMatch(/<a |<script/);
    }
    const rendered = html('Mira <a href="javascript:alert(1)">esto</a> y <img src=x onerror=alert(1)>');
    expect(rendered).not.toContain("<a ");
    expect(rendered).not.toContain("<img");
    expect(rendered).toContain("&lt;a href=&quot;javascript:alert(1)&quot;&gt;");
    // An address with quotes cannot leave its attribute.
    expect(html('https://a.test/"onmouseover="alert(1)')).toBe(
      '<p><a href="https://a.test/" rel="noopener nofollow">https://a.test/</a>&quot;onmouseover=&quot;alert(1)</p>',
    );
  });

  it("gives every store its three pages from Spanish templates with its name, Argentina's with the arrepentimiento", () => {
    const ar = { name: "Mate y Cía", country: "AR" as const };
    const co = { name: "Café Sol", country: "CO" as const };
    for (const kind of POLICY_KINDS) expect(policyTemplate(kind, co, es)).toContain("Café Sol");
    expect(policyTemplate("returns", ar, es)).toContain("Botón de arrepentimiento");
    expect(policyTemplate("returns", co, es)).not.toContain("arrepentimiento");
    expect(policyTemplate("privacy", co, es)).toMatch(/sin cookies/);
    expect(policyText("shipping", null, co, es)).toBe(policyTemplate("shipping", co, es));
    expect(policyText("shipping", "  ", co, es)).toBe(policyTemplate("shipping", co, es));
    expect(policyText("shipping", "Enviamos los lunes.", co, es)).toBe("Enviamos los lunes.");
    // An Argentine store's shoppers read its templates with 'vos'.
    const argentine = translatorFor("es-AR");
    expect(policyTemplate("returns", ar, argentine)).toContain("Podés pedir el cambio de un producto");
    expect(policyTemplate("privacy", ar, argentine)).toContain("Cuando hacés un pedido, Mate y Cía guarda lo que escribís en él");
  });
});

describe("a store's fiscal identity", () => {
  it("checks an Argentine CUIT's digit and names the id by country", () => {
    expect(isCuit("30-71234567-1")).toBe(true);
    expect(isCuit("30-71234567-2")).toBe(false);
    expect(isCuit("3071234567")).toBe(false);
    expect(isCuit("20-12345678-6")).toBe(true);
    expect(isCuit("20123456786")).toBe(true);
    expect(taxIdProblem("20-12345678-6", "AR")).toBeNull();
    expect(taxIdProblem("20-12345678-5", "AR")).toBe("Escribe un CUIT válido: 11 números, por ejemplo 30-71234567-1");
    expect(taxIdProblem("<b>", "MX")).toBe("Escribe el RFC solo con letras, números, puntos o guiones");
    expect(taxIdProblem("", "AR")).toBeNull();
    // Said with the merchant's translator: the catalog's neutral words, or an Argentine merchant's 'vos'.
    const es = translatorFor("es");
    for (const [value, country] of [
      ["20-12345678-5", "AR"],
      ["<b>", "MX"],
      ["1".repeat(31), "CO"],
    ] as const)
      expect(taxIdProblem(value, country, es)).toBe(taxIdProblem(value, country));
    expect(taxIdProblem("20-12345678-5", "AR", translatorFor("es-AR"))).toBe(
      "Escribí un CUIT válido: 11 números, por ejemplo 30-71234567-1",
    );
    expect(fiscalLine({ legalName: "Mate y Cía S.R.L.", taxId: "20-12345678-6" }, "AR")).toBe(
      "Mate y Cía S.R.L. · CUIT 20-12345678-6",
    );
    expect(fiscalLine({ legalName: "", taxId: "900.123.456-7" }, "CO")).toBe("NIT 900.123.456-7");
    expect(fiscalLine({ legalName: " ", taxId: "" }, "CL")).toBeNull();
  });
});

describe("the 'Botón de arrepentimiento' rules", () => {
  const BA = "America/Argentina/Buenos_Aires";
  it(`takes orders of the last ${WITHDRAWAL_DAYS} calendar days of the store's zone`, () => {
    const now = new Date("2026-03-10T15:00:00Z"); // 10 March, 12:00 in Buenos Aires
    expect(withinWithdrawalWindow(new Date("2026-02-28T03:30:00Z"), now, BA)).toBe(true); // 28 Feb 00:30 there
    expect(withinWithdrawalWindow(new Date("2026-02-28T02:30:00Z"), now, BA)).toBe(false); // 27 Feb 23:30 there
    // 10 March 23:30 in Buenos Aires is 11 March in UTC: still the 10th day for an order of 28 February.
    expect(withinWithdrawalWindow(new Date("2026-02-28T12:00:00Z"), new Date("2026-03-11T02:30:00Z"), BA)).toBe(true);
    expect(withinWithdrawalWindow(new Date("2026-03-11T12:00:00Z"), now, BA)).toBe(false);
  });

  it("matches the order's email in any case, or its phone as the store's country reads it", () => {
    const sale = { buyerEmail: "Lucia@Correo.test", buyerPhone: "5491155551234" };
    expect(matchedContact(sale, " lucia@correo.TEST ", "AR")).toBe("email");
    expect(matchedContact(sale, "11 5555-1234", "AR")).toBe("phone");
    expect(matchedContact(sale, "+54 9 11 5555-1234", "AR")).toBe("phone");
    expect(matchedContact(sale, "011 15 5555-1234", "AR")).toBe("phone");
    expect(matchedContact(sale, "11 5555-1235", "AR")).toBeNull();
    expect(matchedContact(sale, "otra@correo.test", "AR")).toBeNull();
    expect(matchedContact({ buyerEmail: null, buyerPhone: null }, "@", "AR")).toBeNull();
    expect(matchedContact({ buyerEmail: null, buyerPhone: "12" }, "12", "AR")).toBeNull();
  });
});
