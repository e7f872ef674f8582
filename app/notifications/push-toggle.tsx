import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { fromBase64Url } from "~/domain/base64url";
import { isFailure } from "~/http/action-result";
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

const PUSH_TOGGLE_TEXT = {
  title: "Avisos de pedidos nuevos",
  activate: "Activar avisos en este dispositivo",
  working: "Un momento…",
  deactivate: "Desactivar",
  active: "Avisos activados en este dispositivo",
  noScript:
    "Para recibir un aviso en este dispositivo con cada pedido nuevo, abre esta página con JavaScript activado en Chrome, Firefox, Edge o Safari.",
  unsupported:
    "Este navegador no puede recibir avisos. Prueba con Chrome, Firefox, Edge o Safari; en iPhone, primero agrega Vitrina a tu pantalla de inicio.",
  denied:
    "Bloqueaste las notificaciones de Vitrina en este navegador. Permítelas en la configuración del sitio y vuelve a intentarlo.",
  dismissed: "No diste permiso para mostrar notificaciones. Vuelve a intentarlo y elige «Permitir».",
  noWorker: "Vitrina todavía no está lista para enviar avisos a este dispositivo. Recarga la página y vuelve a intentarlo.",
  failed: "No pudimos activar los avisos en este navegador. Revisa tu conexión y vuelve a intentarlo.",
} as const;

function devicesText(devices: number): string {
  if (devices === 0) return "Ningún dispositivo recibe avisos de esta tienda.";
  return devices === 1 ? "1 dispositivo recibe avisos de esta tienda." : `${devices} dispositivos reciben avisos de esta tienda.`;
}

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
    if (Notification.permission === "denied") setMessage(PUSH_TOGGLE_TEXT.denied);
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
  }, []);

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
        setMessage(permission === "denied" ? PUSH_TOGGLE_TEXT.denied : PUSH_TOGGLE_TEXT.dismissed);
        return;
      }
      const registration = await activeRegistration(10_000);
      if (!registration) {
        setMessage(PUSH_TOGGLE_TEXT.noWorker);
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
      setMessage(PUSH_TOGGLE_TEXT.failed);
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
      <h3 id="push-toggle-title">{PUSH_TOGGLE_TEXT.title}</h3>
      <p className="push-devices" aria-live="polite">
        {devicesText(devices)}
      </p>
      {shown === "unknown" && <p className="muted">{PUSH_TOGGLE_TEXT.noScript}</p>}
      {shown === "unsupported" && <p className="muted">{PUSH_TOGGLE_TEXT.unsupported}</p>}
      {shown === "on" && (
        <div className="push-actions">
          <p className="push-on">{PUSH_TOGGLE_TEXT.active}</p>
          <button type="button" className="button secondary" onClick={deactivate}>
            {PUSH_TOGGLE_TEXT.deactivate}
          </button>
        </div>
      )}
      {(shown === "off" || shown === "working") && (
        <div className="push-actions">
          <button type="button" className="button" onClick={activate} disabled={shown === "working"}>
            {shown === "working" ? PUSH_TOGGLE_TEXT.working : PUSH_TOGGLE_TEXT.activate}
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
