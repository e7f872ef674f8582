// The real Cloudflare for SaaS client (app/services/custom-hostnames.ts) against a local HTTP stand-in of its API:
// the requests' shapes (address, token, body) and how each answer is read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CloudflareCustomHostnames, HostnameProviderUnavailable } from "~/services/custom-hostnames";
import { startCloudflareStandIn } from "../support/cloudflare-stand-in";

const ZONE = "0123456789abcdef0123456789abcdef";
let api: Awaited<ReturnType<typeof startCloudflareStandIn>>;
let client: CloudflareCustomHostnames;

beforeAll(async () => {
  api = await startCloudflareStandIn();
  client = new CloudflareCustomHostnames("token-de-prueba", ZONE, api.api, undefined, 300);
});
afterAll(() => api.close());

describe("Cloudflare's custom hostnames API", () => {
  it("adds a hostname with HTTP DV validation, asks about it and removes it, on the zone's address with the token", async () => {
    api.received.length = 0;
    const created = await client.create("www.mitienda.com");
    expect(created).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{32}$/),
      hostname: "www.mitienda.com",
      status: "pending",
      sslStatus: "initializing",
      ownership: { name: "_cf-custom-hostname.www.mitienda.com", value: "valor-txt" },
    });
    expect(await client.get(created.id)).toMatchObject({ id: created.id, status: "pending" });
    await client.remove(created.id);
    expect(await client.get(created.id)).toBeNull();
    // Removing one already gone is done too.
    await client.remove(created.id);
    const base = `/client/v4/zones/${ZONE}/custom_hostnames`;
    expect(api.received.map((r) => [r.method, r.path])).toEqual([
      ["POST", base],
      ["GET", `${base}/${created.id}`],
      ["DELETE", `${base}/${created.id}`],
      ["GET", `${base}/${created.id}`],
      ["DELETE", `${base}/${created.id}`],
    ]);
    expect(api.received[0]?.body).toEqual({ hostname: "www.mitienda.com", ssl: { method: "http", type: "dv" } });
    expect(api.received[0]?.headers["content-type"]).toBe("application/json");
    expect(api.received.every((r) => r.headers.authorization === "Bearer token-de-prueba")).toBe(true);
  });

  it("reads a duplicate as taken, another refusal as refused, and a 5xx, a 429, a bad token or silence as unavailable", async () => {
    api.answerNext({
      status: 409,
      body: { success: false, errors: [{ code: 1406, message: "Duplicate custom hostname found." }] },
    });
    await expect(client.create("www.otra.com")).rejects.toMatchObject({ name: "HostnameRefused", reason: "taken" });
    api.answerNext({ status: 400, body: { success: false, errors: [{ code: 1409, message: "Invalid hostname" }] } });
    await expect(client.create("www.otra.com")).rejects.toMatchObject({ name: "HostnameRefused", reason: "refused" });
    for (const status of [500, 503, 429]) {
      api.answerNext({ status });
      await expect(client.create("www.otra.com")).rejects.toBeInstanceOf(HostnameProviderUnavailable);
    }
    api.answerNext({ status: 403, body: { success: false, errors: [{ code: 10000, message: "Authentication error" }] } });
    await expect(client.create("www.otra.com")).rejects.toBeInstanceOf(HostnameProviderUnavailable);
    api.answerNext("hang");
    await expect(client.get("abc")).rejects.toBeInstanceOf(HostnameProviderUnavailable);
    api.answerNext({ status: 502 });
    await expect(client.remove("abc")).rejects.toBeInstanceOf(HostnameProviderUnavailable);
    await expect(
      new CloudflareCustomHostnames("token-de-prueba", ZONE, "http://127.0.0.1:9/client/v4", undefined, 300).get("abc"),
    ).rejects.toBeInstanceOf(HostnameProviderUnavailable);
  });
});
