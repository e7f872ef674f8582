import { counted } from "~/domain/words";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import { latestSandboxConversions } from "../sandbox-conversions.server";
import type { Route } from "./+types/sandbox-conversions";

/** Local runs: the ad conversions the stand-in took in place of Meta and Google Analytics, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { conversions, db } = getServices(context);
  if (conversions.name !== "sandbox") notFound();
  const rows = await latestSandboxConversions(db);
  return {
    events: rows.map((r) => ({
      id: r.id,
      platform: r.platform === "meta" ? "Meta" : "Google Analytics 4",
      target: r.target,
      eventId: r.eventId,
      eventName: r.eventName,
      receivedAt: r.receivedAt.toISOString(),
      body: JSON.stringify(r.body, null, 2),
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Conversiones recibidas | Vitrina" },
  { name: "robots", content: "noindex" },
];

export default function SandboxConversionsPage({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <main className="outbox">
      <h1>Conversiones recibidas (local)</h1>
      <p>
        {events.length === 0
          ? "Todavía no llegó ningún evento. Configura Meta o Google Analytics en 'Anuncios' de una tienda y visita sus páginas."
          : `${counted(events.length, "evento", "eventos")}, el más reciente primero. Cada evento se guarda una vez, como lo hacen las plataformas.`}
      </p>
      {events.map((e) => (
        <article key={e.id} data-event-id={e.eventId}>
          <h2>
            {e.eventName} · {e.platform}
          </h2>
          <p>
            Para: <strong>{e.target}</strong> · <time dateTime={e.receivedAt}>{new Date(e.receivedAt).toLocaleString("es")}</time>
          </p>
          <pre>{e.body}</pre>
        </article>
      ))}
    </main>
  );
}
