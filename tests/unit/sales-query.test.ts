import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { salesQueryString } from "~/domain/sales";
import { parseSalesQuery } from "~/sales/query.server";

const es = translatorFor("es");

const parse = (query: string) => parseSalesQuery(new URLSearchParams(query), es);

describe("the sales list query", () => {
  it("defaults to the newest 20", () => {
    expect(parse("")).toMatchObject({ ok: true, view: { kind: "latest", limit: 20 }, mode: "latest" });
  });

  it("'Hoy' and 'Cargar más ventas' (+20), with hostile limits clamped to whole pages", () => {
    expect(parse("view=today&limit=40")).toMatchObject({ ok: true, view: { kind: "today", limit: 40 } });
    expect(parse("limit=41").limit).toBe(60);
    expect(parse("limit=-5").limit).toBe(20);
    expect(parse("limit=abc").limit).toBe(20);
    expect(parse("limit=99999999").limit).toBe(1000);
    expect(parse("view=<script>")).toMatchObject({ ok: true, view: { kind: "latest" } });
  });

  it("searches by an exact 10-digit code only", () => {
    expect(parse("code=4821937465")).toMatchObject({ ok: true, view: { kind: "code", code: "4821937465" } });
    expect(parse("code=48219%2037465")).toMatchObject({ ok: true, view: { kind: "code", code: "4821937465" } });
    for (const bad of ["482193", "48219374651", "48219x7465", "%27%20or%201%3D1"]) {
      expect(parse(`code=${bad}`)).toMatchObject({ ok: false, error: "El código de venta tiene 10 dígitos" });
    }
    expect(parse("code=")).toMatchObject({ ok: true, view: { kind: "latest" } });
  });

  it("reads the 'Entrega' and 'Pago' filters with any view, and drops unknown values", () => {
    expect(parse("view=today&delivery=delivery&payment=approved")).toMatchObject({
      ok: true,
      view: { kind: "today", filters: { delivery: "delivery", payment: "approved" } },
      filters: { delivery: "delivery", payment: "approved" },
    });
    expect(parse("code=4821937465&payment=on_delivery")).toMatchObject({
      ok: true,
      view: { kind: "code", code: "4821937465", filters: { payment: "on_delivery" } },
    });
    expect(parse("delivery=&payment=")).toMatchObject({ ok: true, filters: {} });
    expect(parse("delivery=drone&payment=none")).toMatchObject({ ok: true, filters: {} });
    expect(parse("code=12&delivery=pickup")).toMatchObject({ ok: false, filters: { delivery: "pickup" } });
  });

  it("writes the query string back for links and the CSV export", () => {
    expect(salesQueryString({ mode: "latest", limit: 20 })).toBe("");
    expect(salesQueryString({ mode: "today", limit: 40 })).toBe("view=today&limit=40");
    expect(salesQueryString({ code: "4821937465", mode: "today", limit: 40 })).toBe("code=4821937465");
    expect(salesQueryString({ mode: "today", limit: 40, delivery: "pickup", payment: "rejected" })).toBe(
      "view=today&limit=40&delivery=pickup&payment=rejected",
    );
    expect(salesQueryString({ code: "4821937465", payment: "pending" })).toBe("code=4821937465&payment=pending");
  });
});
