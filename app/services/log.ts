/**
 * The platform's log: one JSON line per request and per notable event, on standard output (the Node server's
 * journal; Workers Logs on Cloudflare). Fields are ids, states, counts and durations, never personal data; an
 * error's message is scrubbed of what looks like an email, a phone number or a secret before it is written.
 */
type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  /** An unexpected failure: its kind and scrubbed message go with the fields. */
  error(event: string, error: unknown, fields?: LogFields): void;
  /** The same log with fields every line carries (the request's id). */
  with(fields: LogFields): Logger;
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi;
/** Eleven or more digits, possibly spaced or dashed ('+57 300 123 4567'): a phone; ids have ten. */
const PHONE = /\+?\d(?:[\s().-]?\d){10,}/g;
/** Long runs of letters and digits with both (tokens, keys, hashes); words and ids stay. */
const SECRET = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g;

/** A text with what looks like personal data or a secret replaced. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[correo]").replace(PHONE, "[teléfono]").replace(SECRET, "[secreto]");
}

/**
 * What was thrown, as an Error: itself, or one named after the value's kind with a message that says what it held (a
 * thrown Response or route error response by its status, an object by its message or its JSON), never '[object Object]'.
 */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown !== "object" || thrown === null) return Object.assign(new Error(String(thrown)), { name: typeof thrown });
  const { status, statusText, message } = thrown as { status?: unknown; statusText?: unknown; message?: unknown };
  const name = thrown.constructor?.name && thrown.constructor.name !== "Object" ? thrown.constructor.name : "object";
  let text: string;
  if (typeof status === "number") text = `${status} ${typeof statusText === "string" ? statusText : ""}`.trim();
  else if (typeof message === "string") text = message;
  else {
    try {
      text = JSON.stringify(thrown)?.slice(0, 300) ?? name;
    } catch {
      text = name;
    }
  }
  return Object.assign(new Error(text), { name });
}

function describeError(thrown: unknown): LogFields {
  const error = asError(thrown);
  const cause = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : undefined;
  return { errorName: error.name, errorMessage: scrub(error.message), errorCause: cause && scrub(cause) };
}

/** A log writing JSON lines with `write` (console.log by default), its time from `now`. */
export function jsonLogger(
  write: (line: string) => void = (line) => console.log(line),
  now: () => Date = () => new Date(),
  base: LogFields = {},
): Logger {
  const line = (level: "info" | "warn" | "error", event: string, fields: LogFields = {}) => {
    const values: LogFields = { time: now().toISOString(), level, event, ...base };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) values[key] = value;
    write(JSON.stringify(values));
  };
  return {
    info: (event, fields) => line("info", event, fields),
    warn: (event, fields) => line("warn", event, fields),
    error: (event, error, fields) => line("error", event, { ...fields, ...describeError(error) }),
    with: (fields) => jsonLogger(write, now, { ...base, ...fields }),
  };
}

/**
 * A path as the log keeps it: long numbers (store, product and sale ids) as ':id', so lines group by page; any other
 * segment of 20 characters or more as ':segment' (a password-reset link carries its token in the path; long product
 * titles go with it). A React Router data request's `.data` stays after its last segment, scrubbed the same way.
 * Callers never pass the query string (an order's token, a search).
 */
export const loggedPath = (path: string) => {
  const data = path.endsWith(".data") ? ".data" : "";
  return (
    path
      .slice(0, path.length - data.length)
      .split("/")
      .map((segment) => (/^\d{7,}$/.test(segment) ? ":id" : segment.length >= 20 ? ":segment" : segment))
      .join("/") + data
  );
};

/** A log that writes nothing (tests that do not look at it). */
export const silentLogger: Logger = jsonLogger(() => {});
