// WhatsApp answered on this machine. The journeys' browser resolves WhatsApp's hosts to a local HTTPS server (the
// launch flags in playwright.config.ts) that answers every address with a stand-in page, so a shopper sent to the
// store's WhatsApp lands there and the journey reads the address, without the network. Its certificate is made for
// the run; the browser accepts it with --ignore-certificate-errors.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

const HOSTS = ["api.whatsapp.com", "web.whatsapp.com"];
/** Beside the journeys' server ports (E2E_PORT and up), one per Playwright run. */
const PORT = Number(process.env.E2E_PORT ?? 3111) + 400;

/** Chromium's flags that send WhatsApp's hosts to the stand-in. */
export const WHATSAPP_STAND_IN_FLAGS = [
  `--host-resolver-rules=${HOSTS.map((host) => `MAP ${host} 127.0.0.1:${PORT}`).join(",")}`,
  "--ignore-certificate-errors",
];

/** Playwright's global setup: starts the stand-in; what it answers is stopping it. */
export default async function startWhatsAppStandIn() {
  const dir = mkdtempSync(join(tmpdir(), "whatsapp-stand-in-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${HOSTS[0]}`,
      "-addext",
      `subjectAltName=${HOSTS.map((host) => `DNS:${host}`).join(",")}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<title>WhatsApp</title><h1>WhatsApp</h1>");
  });
  await new Promise<void>((listening) => server.listen(PORT, "127.0.0.1", listening));
  rmSync(dir, { recursive: true, force: true });
  return () => new Promise<void>((closed) => server.close(() => closed()));
}
