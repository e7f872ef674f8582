import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { flashHeader, readNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { ConfirmDialog, LoadingOverlay, NotificationBanner } from "~/ui/overlays";
import { inMerchantVoice } from "../support/messages";

const local = { VITRINA_ENV: "local" } as const;

describe("notifications that survive a redirect", () => {
  it("round-trips a notice through the flash cookie and clears it", async () => {
    const sent = notice("Plan seleccionado", "El plan STANDARD se seleccionó para tu cuenta");
    const setCookie = await flashHeader(local, sent);
    const cookie = setCookie.split(";")[0] as string;
    const read = await readNotice(local, new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(read.notice).toEqual(sent);
    expect(read.headers?.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  it("reads nothing, and sets no cookie, when there is no notice", async () => {
    const read = await readNotice(local, new Request("http://x/"));
    expect(read).toEqual({ notice: null });
  });

  it("ignores a forged cookie", async () => {
    const forged = `vitrina_aviso=${btoa(JSON.stringify({ title: "<script>", kind: "evil" }))}`;
    const read = await readNotice(local, new Request("http://x/", { headers: { Cookie: forged } }));
    expect(read.notice).toBeNull();
  });

  it("uses a __Host- cookie in production", async () => {
    expect(await flashHeader({ VITRINA_ENV: "production" }, notice("a", "b"))).toMatch(/^__Host-vitrina_aviso=.*Secure/);
  });
});

describe("shared overlays", () => {
  it("loading overlay shows its text with a spinner", () => {
    const html = renderToStaticMarkup(createElement(LoadingOverlay, { text: "Subiendo imágenes" }));
    expect(html).toContain("Subiendo imágenes");
    expect(html).toContain('class="spinner"');
  });

  it("confirm dialog has the title, description, Cancelar and Confirmar", () => {
    // The spec's 'Cancelar' and 'Confirmar' in both variants.
    for (const locale of ["es", "es-AR"] as const) {
      const html = renderToStaticMarkup(
        inMerchantVoice(
          locale,
          createElement(ConfirmDialog, {
            open: true,
            title: "¿Cancelar compra?",
            description: "No se puede deshacer",
            onCancel: () => {},
            onConfirm: () => {},
          }),
        ),
      );
      expect(html).toContain("¿Cancelar compra?");
      expect(html).toContain("No se puede deshacer");
      expect(html).toContain(">Cancelar<");
      expect(html).toContain(">Confirmar<");
    }
  });

  it("notification banner shows title and description", () => {
    const html = renderToStaticMarkup(
      createElement(NotificationBanner, { title: "Pago registrado", description: "Tu pago fue comprobado", onClose: () => {} }),
    );
    expect(html).toContain("Pago registrado");
    expect(html).toContain("Tu pago fue comprobado");
    expect(html).toContain('role="status"');
  });
});
