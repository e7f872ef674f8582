import { describe, expect, it } from "vitest";
import { addressKey } from "~/auth/rate-limit.server";
import { backoffMs, backoffSteps, FREE_LOGIN_FAILURES, MAX_BACKOFF_MS, waitMinutes } from "~/domain/login-throttle";
import { BODY_MESSAGES, bodyLimitFor, FORM_BODY_LIMIT, limitBody } from "~/security/body-limit";
import { clientAddress } from "../../server/client-address";

describe("client addresses", () => {
  it("uses the socket's address, unmapped from IPv6", () => {
    expect(clientAddress("127.0.0.2", null, false)).toBe("127.0.0.2");
    expect(clientAddress("::ffff:10.1.2.3", null, false)).toBe("10.1.2.3");
    expect(clientAddress(undefined, null, false)).toBe("unknown");
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY, and then trusts only the proxy's own entry", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.9", false)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "1.1.1.1, 203.0.113.9", true)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "203.0.113.9, nonsense", true)).toBe("127.0.0.1");
  });

  it("keys IPv4 addresses whole and IPv6 ones by their /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("sign-in backoff", () => {
  it("gives a few free tries, then doubles the wait from 1 minute up to 15", () => {
    for (let f = 0; f < FREE_LOGIN_FAILURES; f++) expect(backoffMs(f)).toBe(0);
    expect([5, 6, 7, 8, 9, 10, 50].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    expect(backoffSteps().at(-1)).toEqual({ failures: 9, waitMs: MAX_BACKOFF_MS });
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(61_000)).toBe(2);
  });
});

describe("request body limits", () => {
  const post = (path: string, headers: Record<string, string>, body: BodyInit | null = "x") =>
    new Request(`http://localhost${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);

  it("sizes each route: forms a few KB, uploads 6 MB per file they can receive", () => {
    expect(bodyLimitFor("/site/demo/Checkout")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/Auth")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/Store/1234567890/products/new")).toBeGreaterThan(6 * 1024 * 1024);
    // A new product comes with up to the most photos a plan allows; an edit replaces the cover only.
    expect(bodyLimitFor("/Store/1234567890/products/new")).toBe(bodyLimitFor("/Store/1234567890/products/1234567/photos"));
    expect(bodyLimitFor("/Store/1234567890/products/1234567.data")).toBeGreaterThan(6 * 1024 * 1024);
    expect(bodyLimitFor("/Store/1234567890/products/1234567.data")).toBeLessThan(bodyLimitFor("/Store/1234567890/products/new"));
    // The banner takes up to 6 images at once, on 'Logo y banner'; the information page posts forms only.
    expect(bodyLimitFor("/Store/1234567890/brand")).toBeGreaterThan(6 * 6 * 1024 * 1024);
    expect(bodyLimitFor("/Store/1234567890/brand.data")).toBe(bodyLimitFor("/Store/1234567890/brand"));
    expect(bodyLimitFor("/Store/1234567890/info")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/Store/1234567890/section/1234567/new/file")).toBeGreaterThan(20 * 6 * 1024 * 1024);
    expect(bodyLimitFor("/Store/1234567890/section/1234567/new/product")).toBe(FORM_BODY_LIMIT);
    // A product gallery takes up to 8 photos at once.
    expect(bodyLimitFor("/Store/1234567890/products/1234567/photos")).toBeGreaterThan(8 * 6 * 1024 * 1024);
    expect(bodyLimitFor("/Store/1234567890/products/1234567/photos.data")).toBe(
      bodyLimitFor("/Store/1234567890/products/1234567/photos"),
    );
  });

  it("refuses a declared size over the limit before reading, and a chunked body of unknown size", async () => {
    const big = limitBody(post("/site/demo/Checkout", { "Content-Length": String(FORM_BODY_LIMIT + 1) }), FORM_BODY_LIMIT);
    expect(big).toBeInstanceOf(Response);
    expect((big as Response).status).toBe(413);
    expect(await (big as Response).text()).toBe(BODY_MESSAGES.tooLarge);
    const chunked = limitBody(post("/Auth", { "Transfer-Encoding": "chunked" }), FORM_BODY_LIMIT) as Response;
    expect(chunked.status).toBe(411);
    const fine = post("/Auth", { "Content-Length": "1" });
    expect(limitBody(fine, FORM_BODY_LIMIT)).toBe(fine);
  });

  it("cuts off a body of undeclared size at the limit while it is read", async () => {
    const stream = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let sent = 0; sent < bytes; sent += 1000) c.enqueue(new Uint8Array(1000));
          c.close();
        },
      });
    const over = limitBody(post("/Auth", {}, stream(10_000)), 5_000) as Request;
    await expect(over.arrayBuffer()).rejects.toThrow();
    const under = limitBody(post("/Auth", {}, stream(4_000)), 5_000) as Request;
    expect((await under.arrayBuffer()).byteLength).toBe(4_000);
  });
});
