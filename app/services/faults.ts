// A fault switch in the service layer: each outside service the app depends on (the database, the file store, the
// mail provider, Mercado Pago) can be made to fail as it does in a real outage, while the app above runs unchanged.
// The tests turn it on to show what a shopper or a merchant sees and that nothing is lost; production never has one.
import type { Client } from "@libsql/client";
import type { ConversionGateway } from "./conversions";
import { type CustomHostnames, HostnameProviderUnavailable } from "./custom-hostnames";
import type { FileStore } from "./files";
import type { Mailer } from "./mail";

export type FaultKind = "database" | "files" | "mail" | "payments" | "conversions" | "hostnames";

export class FaultSwitch {
  /** Per failing service, how many more calls succeed first (0: every call fails), to fail in the middle of a request. */
  private readonly failing = new Map<FaultKind, number>();
  set(kind: FaultKind, failing: boolean, options: { after?: number } = {}): void {
    if (failing) this.failing.set(kind, options.after ?? 0);
    else this.failing.delete(kind);
  }
  check(kind: FaultKind): void {
    const left = this.failing.get(kind);
    if (left === undefined) return;
    if (left > 0) this.failing.set(kind, left - 1);
    else throw new ServiceFault(kind);
  }
}

const FAULT_MESSAGES: Record<FaultKind, string> = {
  database: "connect ECONNREFUSED: the database does not answer",
  files: "the file store does not answer",
  mail: "the mail provider does not answer",
  payments: "the payment provider timed out",
  conversions: "the ad platform timed out",
  hostnames: "the custom hostnames API timed out",
};

/** What an outside service's failure looks like to the app: a connection refused or a timeout. */
export class ServiceFault extends Error {
  override name = "ServiceFault";
  readonly code: string;
  constructor(readonly kind: FaultKind) {
    super(FAULT_MESSAGES[kind]);
    this.code = kind === "database" ? "ECONNREFUSED" : "ETIMEDOUT";
  }
}

/** The database client, failing every statement while the switch says so. */
export function faultyClient(client: Client, faults: FaultSwitch): Client {
  const failing = new Set(["execute", "batch", "executeMultiple", "transaction", "migrate"]);
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || !failing.has(String(property))) return value;
      return (...args: unknown[]) => {
        faults.check("database");
        return value.apply(target, args);
      };
    },
  });
}

/**
 * The file store refusing writes while the switch says so (a full disk, a write that times out); reads and deletes
 * still work, so what a request wrote before the failure can be taken back.
 */
export function faultyFiles(files: FileStore, faults: FaultSwitch): FileStore {
  return {
    put: async (key, data, contentType) => {
      faults.check("files");
      return files.put(key, data, contentType);
    },
    get: (key) => files.get(key),
    delete: (keys) => files.delete(keys),
    list: (prefix) => files.list(prefix),
  };
}

/** The mail provider, refusing every message while the switch says so. */
export function faultyMailer<M extends Mailer>(mailer: M, faults: FaultSwitch): M {
  return new Proxy(mailer, {
    get: (target, property) =>
      property === "send"
        ? async (...args: Parameters<Mailer["send"]>) => {
            faults.check("mail");
            return target.send(...args);
          }
        : Reflect.get(target, property),
  });
}

/**
 * Any provider object (payments, store payments): while the switch says so, every call that goes out (returns a
 * promise) times out, as a provider that received the request but whose answer never came; what a call returns
 * synchronously (an account's client) is wrapped the same way.
 */
export function faultyProvider<P extends object>(provider: P, faults: FaultSwitch): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (result instanceof Promise) {
          return result.then(
            (answer) => {
              faults.check("payments");
              return answer;
            },
            (error) => {
              faults.check("payments");
              throw error;
            },
          );
        }
        return result !== null && typeof result === "object" ? faultyProvider(result, faults) : result;
      };
    },
  });
}

/**
 * The ad platforms: while the switch says so, each event is delivered but its answer never comes (a timeout after the
 * platform took it), so only the event id keeps a retry from counting it twice.
 */
export function faultyConversions(gateway: ConversionGateway, faults: FaultSwitch): ConversionGateway {
  return {
    name: gateway.name,
    deliver: async (delivery) => {
      await gateway.deliver(delivery);
      faults.check("conversions");
    },
  };
}

/** The custom hostnames API: while the switch says so, every call times out before it reaches the provider. */
export function faultyHostnames<H extends CustomHostnames>(hostnames: H, faults: FaultSwitch): H {
  const calls = new Set(["create", "get", "remove"]);
  return new Proxy(hostnames, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || !calls.has(String(property))) return value;
      return async (...args: unknown[]) => {
        try {
          faults.check("hostnames");
        } catch (error) {
          throw new HostnameProviderUnavailable("the custom hostnames API timed out", { cause: error });
        }
        return value.apply(target, args);
      };
    },
  });
}

/**
 * An error (or one of its causes) that says the database did not answer: the switch's database fault, and the
 * connection errors of the libSQL clients (local file or Turso over the network).
 */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_BUSY"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ServiceFault) return e.kind === "database";
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  }
  return false;
}
