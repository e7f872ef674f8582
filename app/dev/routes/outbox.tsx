import { counted } from "~/domain/words";
import { notFound } from "~/http/responses";
import { isOutbox } from "~/services/outbox";
import { getServices } from "~/services/services";
import type { Route } from "./+types/outbox";

/** Local outbox: every email the platform sent, newest first. Exists only in local runs. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, mail } = getServices(context);
  if (!config.devTools || !isOutbox(mail)) notFound();
  return { messages: await mail.messages() };
}

export const meta: Route.MetaFunction = () => [{ title: "Correo enviado | Vitrina" }, { name: "robots", content: "noindex" }];

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <main className="outbox">
      <h1>Correo enviado (local)</h1>
      <p>
        {messages.length === 0
          ? "Todavía no se ha enviado ningún correo."
          : `${counted(messages.length, "mensaje", "mensajes")}, el más reciente primero.`}
      </p>
      {messages.map((m) => (
        <article key={m.id} data-to={m.to}>
          <h2>{m.subject}</h2>
          <p>
            Para: <strong>{m.to}</strong> · <time dateTime={m.sentAt}>{new Date(m.sentAt).toLocaleString("es")}</time>
          </p>
          <pre>{m.text}</pre>
        </article>
      ))}
    </main>
  );
}
