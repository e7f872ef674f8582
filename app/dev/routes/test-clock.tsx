import { Form, redirect } from "react-router";
import { z } from "zod";
import { counted } from "~/domain/words";
import { failure } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { isAdjustableClock } from "~/services/clock";
import { getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import type { Route } from "./+types/test-clock";

/**
 * The test clock (/_dev/reloj): the platform's current time, moved forward in days or minutes, or reset,
 * so trials, renewals, overdue redirects, the warning banner, the grace period and an unpaid order's lapse
 * can be seen without waiting. Local runs only (404 in production), like the outbox.
 */
function testClock(context: Route.LoaderArgs["context"]) {
  const { config, clock } = getServices(context);
  if (!config.devTools || !isAdjustableClock(clock)) notFound();
  return clock;
}

const DAY_MS = 24 * 3600 * 1000;

export const meta: Route.MetaFunction = () => [{ title: "Reloj de pruebas | Vitrina" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const clock = testClock(context);
  return { now: clock.now().toISOString(), offsetDays: Math.round((clock.offsetMs / DAY_MS) * 100) / 100 };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("advance"), days: z.coerce.number().int().min(1).max(3650) }),
  z.object({ intent: z.literal("advance-minutes"), minutes: z.coerce.number().int().min(1).max(525_600) }),
  z.object({ intent: z.literal("reset") }),
]);

/**
 * Moves the clock, then runs the orders' upkeep at once, as the minute timer would have: what lapsed in the
 * skipped time (an unpaid online order's reservation) is released before the next page is seen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const clock = testClock(context);
  const fields = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success)
    return fields.intent === "advance-minutes"
      ? failure({ minutes: "Escribe un número de minutos entre 1 y 525600" })
      : failure({ days: "Escribe un número de días entre 1 y 3650" });
  if (parsed.data.intent === "advance") clock.advanceDays(parsed.data.days);
  else if (parsed.data.intent === "advance-minutes") clock.advanceMinutes(parsed.data.minutes);
  else clock.reset();
  await runOrderUpkeep(getServices(context));
  return redirect("/_dev/reloj");
}

const format = (iso: string) =>
  new Intl.DateTimeFormat("es", { dateStyle: "full", timeStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export default function ClockPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="dev-clock">
      <h1>Reloj de pruebas (local)</h1>
      <p>
        Hora de la plataforma:{" "}
        <time dateTime={loaderData.now} data-testid="platform-now">
          {format(loaderData.now)}
        </time>
      </p>
      <p className="muted" data-testid="offset">
        {loaderData.offsetDays === 0
          ? "El reloj va con la hora real."
          : `Adelantado ${counted(loaderData.offsetDays, "día", "días")} respecto de la hora real.`}
      </p>
      <FormError message={actionData?.errors.days ?? actionData?.errors.minutes} />
      <Form method="post" className="form dev-clock-form">
        <div className="field">
          <label htmlFor="days">Días</label>
          <input id="days" name="days" type="number" min={1} max={3650} defaultValue={1} required />
        </div>
        <button type="submit" name="intent" value="advance" className="button">
          Adelantar
        </button>
      </Form>
      <Form method="post" className="form dev-clock-form">
        <div className="field">
          <label htmlFor="minutes">Minutos</label>
          <input id="minutes" name="minutes" type="number" min={1} max={525600} defaultValue={31} required />
        </div>
        <button type="submit" name="intent" value="advance-minutes" className="button">
          Adelantar minutos
        </button>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="reset" className="button secondary">
          Restablecer
        </button>
      </Form>
    </main>
  );
}
