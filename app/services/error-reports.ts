import type { Options } from "toucan-js";
import { asError, type LogFields, type Logger, scrub } from "./log";

/**
 * Unexpected failures sent to an error tracker (Sentry, or any service that speaks its protocol) when SENTRY_DSN is
 * set, through toucan-js: one SDK for both runtimes, loaded only when there is something to send. Every `log.error`
 * line is also a report (reportingLogger), with the same fields as tags and the same scrubbed message; nothing of
 * the request (address, headers, cookies, body) is attached. docs/decisions/0044-error-reports.md.
 */
export interface ErrorReports {
  capture(event: string, error: unknown, fields: LogFields): void;
  /** Waits for the reports still being sent, at most `ms`: before a request's answer or an upkeep run ends. */
  flush(ms?: number): Promise<void>;
}

type SentryEvent = Parameters<NonNullable<Options["beforeSend"]>>[0];

export function sentryReports(options: { dsn: string; environment: string }): ErrorReports {
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked: Promise<unknown> = work.catch(() => undefined).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  return {
    capture(event, error, fields) {
      track(
        import("toucan-js").then(({ Toucan }) => {
          const sentry = new Toucan({
            dsn: options.dsn,
            environment: options.environment,
            context: { waitUntil: track },
            beforeSend: withoutPersonalData,
          });
          sentry.setTag("event", event);
          for (const [key, value] of Object.entries(fields)) if (value != null) sentry.setTag(key, String(value));
          sentry.captureException(error);
        }),
      );
    },
    async flush(ms = 2000) {
      const deadline = Date.now() + ms;
      // Sending one report may start another promise (the SDK's transport), so wait until none is left.
      while (pending.size > 0 && Date.now() < deadline) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeUp = new Promise((done) => {
          timer = setTimeout(done, deadline - Date.now());
        });
        await Promise.race([Promise.allSettled([...pending]), timeUp]);
        // No timer outlives the wait: it would hold a stopping Node server for the rest of its 2 s.
        clearTimeout(timer);
      }
    },
  };
}

/** The error's messages (its causes' too) scrubbed as the log scrubs them; no request, user or breadcrumbs. */
function withoutPersonalData(event: SentryEvent): SentryEvent {
  for (const exception of event.exception?.values ?? []) if (exception.value) exception.value = scrub(exception.value);
  if (event.message) event.message = scrub(event.message);
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  return event;
}

/** The log, with every error line also sent as a report carrying the line's fields (the request's id among them). */
export function reportingLogger(log: Logger, reports: ErrorReports, base: LogFields = {}): Logger {
  return {
    info: (event, fields) => log.info(event, fields),
    warn: (event, fields) => log.warn(event, fields),
    error(event, error, fields) {
      log.error(event, error, fields);
      reports.capture(event, asError(error), { ...base, ...fields });
    },
    with: (fields) => reportingLogger(log.with(fields), reports, { ...base, ...fields }),
  };
}
