// Uploads on a slow phone network: the merchant sees the upload's real progress (percent and bytes),
// can cancel it (and nothing is stored), gets a Spanish message with 'Reintentar' when the connection
// drops, and without JavaScript the plain form still uploads.
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, request as forward, type Server } from "node:http";
import type { Socket } from "node:net";
import { join } from "node:path";
import { type BrowserContext, type CDPSession, expect, type Page, test } from "@playwright/test";
import { E2E_FILES, query, serverRequests, signInAsOwner } from "./helpers";
import { phone } from "./phone";
import { seedShop } from "./shop-seed";

const CLIP = "tests/fixtures/media/clip.webm";
/** A 3 MB video as a phone would record it: the fixture clip, padded (players ignore the tail). */
const bigVideo = async () => {
  const clip = await readFile(CLIP);
  const padded = Buffer.alloc(3_000_000);
  clip.copy(padded);
  return { name: "recorrido.webm", mimeType: "video/webm", buffer: padded };
};

async function storeWithSection(context: BrowserContext, baseURL: string) {
  const shop = await seedShop("subidas", [{ name: "Mochila tejida", price: 5000, stock: 2 }]);
  const sectionId = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  await query("insert into sections (id, store_id, title, position, created_at) values (?, ?, 'Videos', 0, ?)", [
    sectionId,
    shop.id,
    Date.now(),
  ]);
  await signInAsOwner(context, shop.id, baseURL);
  return { storeId: shop.id, sectionId, addFiles: `/Store/${shop.id}/section/${sectionId}/new/file` };
}

const sectionItems = (sectionId: string) => query("select type from section_items where section_id = ?", [sectionId]);

/** Every stored file of the store, as the disk store keeps them. */
function storedFiles(storeId: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  try {
    return walk(join(E2E_FILES, "stores", storeId));
  } catch {
    return [];
  }
}

/** A slow mobile uplink (bytes per second) through Chromium's own network emulation. */
async function throttleUpload(page: Page, bytesPerSecond: number, offline = false) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline,
    latency: offline ? 0 : 100,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** Lifts the emulated uplink's limit. */
const fullSpeed = (cdp: CDPSession) =>
  cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

/** The percentages the progress text showed, sampled until `until` returns true. */
async function watchPercent(page: Page, until: (percent: number) => boolean): Promise<number[]> {
  const seen: number[] = [];
  const text = page.getByRole("alertdialog", { name: "Subiendo archivos" }).locator("#upload-progress-text");
  await expect
    .poll(
      async () => {
        const match = (await text.textContent().catch(() => null))?.match(/(\d+) %/);
        if (match) seen.push(Number(match[1]));
        return seen.length > 0 && until(seen[seen.length - 1] as number);
      },
      { timeout: 20_000, intervals: [200] },
    )
    .toBe(true);
  return seen;
}

test.describe("uploads on a slow network", () => {
  test.use(phone(360));
  // A 3 MB upload at 200–400 KB/s takes 8–15 s by design.
  test.describe.configure({ timeout: 60_000 });

  test("a throttled upload shows rising percent and bytes, then the file is stored", async ({ page, context, baseURL }) => {
    const { sectionId, addFiles } = await storeWithSection(context, baseURL as string);
    await page.goto(addFiles);
    const slowUplink = await throttleUpload(page, 400_000);
    await page.getByLabel(/Imágenes o videos/).setInputFiles(await bigVideo());
    await page.getByRole("button", { name: "Subir archivos" }).tap();
    const progress = page.getByRole("alertdialog", { name: "Subiendo archivos" });
    await expect(progress.getByRole("progressbar", { name: "Progreso de la subida" })).toBeVisible();
    await expect(progress).toContainText(/de 3,0 MB/);
    const seen = await watchPercent(page, (p) => p >= 60);
    const distinct = [...new Set(seen)];
    expect(distinct.length, `percentages seen: ${seen.join(", ")}`).toBeGreaterThanOrEqual(3);
    expect(distinct).toEqual([...distinct].sort((a, b) => a - b));
    // Progress seen: the rest of the file may go at full speed.
    await fullSpeed(slowUplink);
    await expect(page.getByText("Archivos agregados")).toBeVisible({ timeout: 20_000 });
    expect((await sectionItems(sectionId)).map((r) => r.type)).toEqual(["video"]);
  });

  test("'Cancelar' stops the upload and nothing is stored", async ({ page, context, baseURL }) => {
    const { storeId, sectionId, addFiles } = await storeWithSection(context, baseURL as string);
    const before = storedFiles(storeId);
    await page.goto(addFiles);
    await throttleUpload(page, 200_000);
    await page.getByLabel(/Imágenes o videos/).setInputFiles(await bigVideo());
    await page.getByRole("button", { name: "Subir archivos" }).tap();
    await watchPercent(page, (p) => p >= 20);
    await page.getByRole("button", { name: "Cancelar" }).tap();
    const outcome = page.getByRole("alertdialog", { name: "La subida no terminó" });
    await expect(outcome).toContainText("Subida cancelada. No se guardó nada.");
    await expect(outcome.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    await outcome.getByRole("button", { name: "Cerrar" }).tap();
    await expect(outcome).toBeHidden();
    // The server has seen the cut request through: had it (wrongly) stored something, it would be there now.
    await expect
      .poll(() => serverRequests().filter((r) => r.method === "POST" && r.storeId === storeId))
      .toEqual([expect.objectContaining({ event: "request" })]);
    expect(await sectionItems(sectionId)).toEqual([]);
    expect(storedFiles(storeId)).toEqual(before);
    await expect(page).toHaveURL(new RegExp(`${addFiles}$`));
  });

  test("a dropped connection says so in Spanish and 'Reintentar' sends it again", async ({ page, context, baseURL }) => {
    const { sectionId, addFiles } = await storeWithSection(context, baseURL as string);
    const network = await droppableNetwork(baseURL as string);
    try {
      await page.goto(`${network.origin}${addFiles}`);
      const slowUplink = await throttleUpload(page, 200_000);
      await page.getByLabel(/Imágenes o videos/).setInputFiles(await bigVideo());
      await page.getByRole("button", { name: "Subir archivos" }).tap();
      await watchPercent(page, (p) => p >= 15);
      network.goDown();
      const outcome = page.getByRole("alertdialog", { name: "La subida no terminó" });
      // Chromium's emulated uplink hands the bytes to the socket at its own pace: the loss shows when it next writes.
      await expect(outcome).toContainText("Se perdió la conexión y el archivo no terminó de subir.", { timeout: 30_000 });
      expect(await sectionItems(sectionId)).toEqual([]);

      // The signal comes back at full speed: the second attempt sends the whole file again without crawling.
      network.comeBack();
      await fullSpeed(slowUplink);
      await outcome.getByRole("button", { name: "Reintentar" }).tap();
      await expect(page.getByText("Archivos agregados")).toBeVisible({ timeout: 30_000 });
      expect((await sectionItems(sectionId)).map((r) => r.type)).toEqual(["video"]);
    } finally {
      await network.close();
    }
  });
});

/**
 * The phone's connection to the app, which the test can cut mid-upload: an HTTP relay on another port
 * that streams each request through (presenting the app's own origin, as a phone on the app's address
 * would). `goDown()` resets every open connection and refuses new ones, as a lost signal does (the browser
 * resends a request once on a fresh connection), until `comeBack()`.
 */
async function droppableNetwork(appOrigin: string) {
  const app = new URL(appOrigin);
  const sockets = new Set<Socket>();
  let down = false;
  const relay: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: app.host, ...(req.headers.origin ? { origin: app.origin } : {}) };
    const upstream = forward({ host: app.hostname, port: app.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.on("aborted", () => upstream.destroy());
    req.pipe(upstream);
  });
  relay.on("connection", (socket) => {
    if (down) return socket.resetAndDestroy();
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as { port: number };
  return {
    origin: `http://localhost:${port}`,
    goDown: () => {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    comeBack: () => {
      down = false;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain multipart form still uploads", async ({ page, context, baseURL }) => {
    const { sectionId, addFiles } = await storeWithSection(context, baseURL as string);
    await page.goto(addFiles);
    await page.getByLabel(/Imágenes o videos/).setInputFiles(CLIP);
    await page.getByRole("button", { name: "Subir archivos" }).click();
    await expect(page.getByText("Archivos agregados")).toBeVisible();
    expect((await sectionItems(sectionId)).map((r) => r.type)).toEqual(["video"]);
  });
});
