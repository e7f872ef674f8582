import { describe, expect, it } from "vitest";
import { parseCustomerQuery } from "~/customers/query.server";
import { customerKey, customerQueryString, likePattern } from "~/domain/customers";

describe("how a buyer is recognised", () => {
  it("reads a number by the store's country rules, so every way of typing it is one key", () => {
    const typed = ["11 5555-1234", "+54 9 11 5555 1234", "011 15 5555-1234", "00 54 9 11 5555-1234", "(11) 15-5555-1234"];
    expect(new Set(typed.map((phone) => customerKey({ phone, email: null }, "AR")?.phone))).toEqual(new Set(["5491155551234"]));
    expect(customerKey({ phone: "300 123 4567", email: null }, "CO")?.phone).toBe("573001234567");
    expect(customerKey({ phone: "55 1234 5678", email: null }, "MX")?.phone).toBe("525512345678");
  });

  it("keeps a number that is valid nowhere as its digits, emails in lower case, and nothing without either", () => {
    expect(customerKey({ phone: "12-34", email: null }, "AR")).toEqual({ phone: "1234", email: null });
    expect(customerKey({ phone: null, email: " Ana@Correo.TEST " }, "AR")).toEqual({ phone: null, email: "ana@correo.test" });
    expect(customerKey({ phone: " ", email: "" }, "AR")).toBeNull();
    expect(customerKey({ phone: "()", email: null }, "AR")).toBeNull();
  });
});

describe("the customer list's query", () => {
  it("falls back to its defaults on unknown values and bounds the page", () => {
    const parse = (q: string) => parseCustomerQuery(new URLSearchParams(q));
    expect(parse("")).toEqual({ search: "", sort: "recent", limit: 50 });
    expect(parse("sort=spent&limit=70&q=%20ana%20")).toEqual({ search: "ana", sort: "spent", limit: 100 });
    expect(parse("sort=precio&limit=-5")).toEqual({ search: "", sort: "recent", limit: 50 });
    expect(parse("limit=99999")).toMatchObject({ limit: 1000 });
    expect(parse(`q=${"a".repeat(300)}`).search).toHaveLength(100);
    expect(customerQueryString({ search: "ana", sort: "recent", limit: 50 })).toBe("q=ana");
    expect(customerQueryString({ search: "", sort: "name", limit: 100 })).toBe("sort=name&limit=100");
  });

  it("takes the search's own wildcards literally", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
