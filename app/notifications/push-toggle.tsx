import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { fromBase64Url } from "~/domain/base64url";
import { defineMessages } from "~/domain/messages";
import { isFailure } from "~/http/action-result";
import { useT } from "~/ui/messages";
import type { action } from "./routes/push-subscriptions";

/**
 * "Avisos de pedidos nuevos" on the sales page: turns Web Push on or off for this browser. Works only
 * with JavaScript, a service worker (registered by the app's PWA layer) and the Push API; otherwise it
 * explains why instead of showing a button that cannot work. The subscription is posted to
 * /Store/{storeId}/notifications, which checks and stores it for this store.
 */

type Status =
  /** Server render, or no JavaScript: nothing known about the browser yet. */
  "unknown" | "unsupported" | "off" | "working" | "on";

const PUSH_TOGGLE_TEXT = defineMessages({
  title: { id: "notifications.toggle.title", defaultMessage: "Avisos de pedidos nuevos" },
  activate: { id: "notifications.toggle.activate", defaultMessage: "Activar avisos en este dispositivo" },
  working: { id: "notifications.toggle.working", defaultMessage: "Un momento…" },
  deactivate: { id: "notifications.toggle.deactivate", defaultMessage: "Desactivar" },
  active: { id: "notifications.toggle.active", defaultMessage: "Avisos activados en este dispositivo" },
  noScript: {
    id: "notifications.toggle.noScript",
    defaultMessage:
      "Para recibir un aviso en este dispositivo con cada pedido nuevo, abre esta página con JavaScript activado en Chrome, Firefox, Edge o Safari.",
  },
  unsupported: {
    id: "notifications.toggle.unsupported",
    defaultMessage:
      "Este navegador no puede recibir avisos. Prueba con Chrome, Firefox, Edge o Safari; en iPhone, primero agrega Vitrina a tu pantalla de inicio.",
  },
  denied: {
    id: "notifications.toggle.denied",
    defaultMessage:
      "Bloqueaste las notificaciones de Vitrina en este navegador. Permítelas en la configuración del sitio y vuelve a intentarlo.",
  },
  dismissed: {
    id: "notifications.toggle.dismissed",
    defaultMessage: "No diste permiso para mostrar notificaciones. Vuelve a intentarlo y elige «Permitir».",
  },
  noWorker: {
    id: "notifications.toggle.noWorker",
    defaultMessage:
      "Vitrina todavía no está lista para enviar avisos a este dispositivo. Recarga la página y vuelve a intentarlo.",
  },
  failed: {
    id: "notifications.toggle.failed",
    defaultMessage: "No pudimos activar los avisos en este navegador. Revisa tu conexión y vuelve a intentarlo.",
  },
  devices: {
    id: "notifications.toggle.devices",
    defaultMessage:
      "{devices, plural, =0 {Ningún dispositivo recibe avisos de esta tienda.} =1 {1 dispositivo recibe avisos de esta tienda.} other {{devices} dispositivos reciben avisos de esta tienda.}}",
  },
});

const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** `promise`, or `fallback` once `ms` have passed without it settling. */
function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return Promise.race([promise, new Promise<F>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

/** The service worker's registration once active, or null when none is registered (or it never activates). */
async function activeRegistration(waitMs: number): Promise<ServiceWorkerRegistration | null> {
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return within(navigator.serviceWorker.ready, waitMs, null);
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

export function PushToggle({ storeId, publicKey, devices }: { storeId: string; publicKey: string; devices: number }) {
  const fetcher = useFetcher<typeof action>();
  const t = useT();
  const [status, setStatus] = useState<Status>("unknown");
  const [message, setMessage] = useState<string | null>(null);
  // Whether this browser holds a subscription (the server may since have dropped it: a 410, the cap).
  const [subscribed, setSubscribed] = useState(false);
  const busy = useRef(false);
  const actionUrl = `/Store/${storeId}/notifications`;

  useEffect(() => {
    if (!pushSupported()) {
      setStatus("unsupported");
      return;
    }
    if (Notification.permission === "denied") setMessage(t(PUSH_TOGGLE_TEXT.denied));
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => {
        if (live) setSubscribed(Boolean(subscription));
      })
      .catch(() => {})
      .finally(() => {
        if (live) setStatus((s) => (s === "unknown" ? "off" : s));
      });
    return () => {
      live = false;
    };
  }, [t]);

  const refused = isFailure(fetcher.data) ? Object.values(fetcher.data.errors)[0] : null;
  const on = status !== "unknown" && status !== "unsupported" && subscribed && devices > 0 && !refused;
  const shown: Status = status === "off" && on ? "on" : status;

  async function activate() {
    if (busy.current) return;
    busy.current = true;
    setMessage(null);
    setStatus("working");
    try {
      const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      if (permission !== "granted") {
        setMessage(t(permission === "denied" ? PUSH_TOGGLE_TEXT.denied : PUSH_TOGGLE_TEXT.dismissed));
        return;
      }
      const registration = await activeRegistration(10_000);
      if (!registration) {
        setMessage(t(PUSH_TOGGLE_TEXT.noWorker));
        return;
      }
      const key = fromBase64Url(publicKey);
      if (!key) throw new Error("bad VAPID public key");
      const existing = await registration.pushManager.getSubscription();
      // Subscribed earlier with other keys (they changed): that subscription can no longer be used.
      if (existing && !sameKey(existing, key)) await existing.unsubscribe();
      // A browser without a reachable push service may never answer: give up rather than spin forever.
      const subscription = await within(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        20_000,
        null,
      );
      if (!subscription) throw new Error("pushManager.subscribe did not answer");
      const json = subscription.toJSON();
      await fetcher.submit(
        {
          intent: "subscribe",
          endpoint: subscription.endpoint,
          "keys.p256dh": json.keys?.p256dh ?? "",
          "keys.auth": json.keys?.auth ?? "",
        },
        { method: "post", action: actionUrl },
      );
      setSubscribed(true);
    } catch (error) {
      console.error("push subscribe failed", error);
      setMessage(t(PUSH_TOGGLE_TEXT.failed));
    } finally {
      busy.current = false;
      setStatus("off");
    }
  }

  async function deactivate() {
    if (busy.current) return;
    busy.current = true;
    setMessage(null);
    setStatus("working");
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await fetcher.submit({ intent: "unsubscribe", endpoint: subscription.endpoint }, { method: "post", action: actionUrl });
        await subscription.unsubscribe();
      }
      setSubscribed(false);
    } catch (error) {
      console.error("push unsubscribe failed", error);
    } finally {
      busy.current = false;
      setStatus("off");
    }
  }

  const notice = message ?? refused;
  return (
    <section className="push-toggle" aria-labelledby="push-toggle-title">
      <h3 id="push-toggle-title">{t(PUSH_TOGGLE_TEXT.title)}</h3>
      <p className="push-devices" aria-live="polite">
        {t(PUSH_TOGGLE_TEXT.devices, { devices })}
      </p>
      {shown === "unknown" && <p className="muted">{t(PUSH_TOGGLE_TEXT.noScript)}</p>}
      {shown === "unsupported" && <p className="muted">{t(PUSH_TOGGLE_TEXT.unsupported)}</p>}
      {shown === "on" && (
        <div className="push-actions">
          <p className="push-on">{t(PUSH_TOGGLE_TEXT.active)}</p>
          <button type="button" className="button secondary" onClick={deactivate}>
            {t(PUSH_TOGGLE_TEXT.deactivate)}
          </button>
        </div>
      )}
      {(shown === "off" || shown === "working") && (
        <div className="push-actions">
          <button type="button" className="button" onClick={activate} disabled={shown === "working"}>
            {t(shown === "working" ? PUSH_TOGGLE_TEXT.working : PUSH_TOGGLE_TEXT.activate)}
          </button>
        </div>
      )}
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
    </section>
  );
}
