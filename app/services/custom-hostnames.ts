// Where stores' own hostnames get their certificate and their traffic: Cloudflare for SaaS's custom hostnames API on the
// platform's zone (three calls: add, ask, remove), or, in local runs, a stand-in that answers the same calls and moves a
// hostname forward when asked ('Simular DNS listo'). docs/decisions/0061-custom-domains.md.
import type { ProviderHostname } from "~/domain/hostnames";

const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

/** How long one call may take: the merchant waits for it, and the upkeep asks about many. */
const CALL_TIMEOUT_MS = 8_000;

/** The provider could not be asked (a timeout, a 5xx, a refused connection): nothing changed, try again later. */
export class HostnameProviderUnavailable extends Error {
  override name = "HostnameProviderUnavailable";
}

/** The provider refused the hostname for good: 'taken' (another zone or account holds it) or 'refused' (invalid, banned). */
export class HostnameRefused extends Error {
  override name = "HostnameRefused";
  constructor(
    readonly reason: "taken" | "refused",
    message: string,
  ) {
    super(message);
  }
}

export interface CustomHostnames {
  readonly name: "cloudflare" | "stand-in";
  /** Adds the hostname (certificate by HTTP validation, DV). */
  create(hostname: string): Promise<ProviderHostname>;
  /** The hostname's current state; null when the provider no longer has it. */
  get(id: string): Promise<ProviderHostname | null>;
  /** Removes it; one already gone is removed too. */
  remove(id: string): Promise<void>;
}

interface CloudflareHostname {
  id: string;
  hostname: string;
  status?: string;
  ssl?: { status?: string };
  ownership_verification?: { type?: string; name?: string; value?: string };
}

interface CloudflareAnswer<T> {
  success: boolean;
  errors?: Array<{ code: number; message: string }>;
  result?: T;
}

function fromCloudflare(h: CloudflareHostname): ProviderHostname {
  const txt = h.ownership_verification;
  return {
    id: h.id,
    hostname: h.hostname,
    status: h.status ?? "pending",
    sslStatus: h.ssl?.status ?? "initializing",
    ownership: txt?.type === "txt" && txt.name && txt.value ? { name: txt.name, value: txt.value } : null,
  };
}

/** Cloudflare's error codes for a hostname another zone or this one already holds. */
const TAKEN_CODES = new Set([1406, 1407, 1414]);

/** Cloudflare for SaaS on the platform's zone (an API token with 'SSL and Certificates: Edit' on it). */
export class CloudflareCustomHostnames implements CustomHostnames {
  readonly name = "cloudflare";
  constructor(
    private readonly token: string,
    private readonly zoneId: string,
    private readonly api: string = CLOUDFLARE_API,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; answer: CloudflareAnswer<T> }> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.api}/zones/${encodeURIComponent(this.zoneId)}/custom_hostnames${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new HostnameProviderUnavailable(`cloudflare ${method} did not answer`, { cause: error });
    }
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      await response.body?.cancel();
      throw new HostnameProviderUnavailable(`cloudflare ${method} answered ${response.status}`);
    }
    let answer: CloudflareAnswer<T>;
    try {
      answer = (await response.json()) as CloudflareAnswer<T>;
    } catch (error) {
      throw new HostnameProviderUnavailable(`cloudflare ${method} answered ${response.status} without JSON`, { cause: error });
    }
    return { status: response.status, answer };
  }

  async create(hostname: string): Promise<ProviderHostname> {
    const { status, answer } = await this.call<CloudflareHostname>("POST", "", { hostname, ssl: { method: "http", type: "dv" } });
    if (answer.success && answer.result) return fromCloudflare(answer.result);
    const errors = answer.errors ?? [];
    const detail = errors.map((e) => `${e.code} ${e.message}`).join("; ") || `status ${status}`;
    if (status === 409 || errors.some((e) => TAKEN_CODES.has(e.code))) throw new HostnameRefused("taken", detail);
    if (status === 401 || status === 403) throw new HostnameProviderUnavailable(`cloudflare refused the token: ${detail}`);
    throw new HostnameRefused("refused", detail);
  }

  async get(id: string): Promise<ProviderHostname | null> {
    const { status, answer } = await this.call<CloudflareHostname>("GET", `/${encodeURIComponent(id)}`);
    if (status === 404) return null;
    if (!answer.success || !answer.result) throw new HostnameProviderUnavailable(`cloudflare GET answered ${status}`);
    return fromCloudflare(answer.result);
  }

  async remove(id: string): Promise<void> {
    const { status, answer } = await this.call<{ id: string }>("DELETE", `/${encodeURIComponent(id)}`);
    if (status === 404 || answer.success) return;
    throw new HostnameProviderUnavailable(`cloudflare DELETE answered ${status}`);
  }
}

/** What the stand-in keeps of one hostname. */
interface StandInRecord {
  id: string;
  hostname: string;
  status: string;
  sslStatus: string;
  txt: { name: string; value: string };
}

/** The stand-in's steps, each 'Simular DNS listo' one further: ownership seen, certificate issued, active. */
const STAND_IN_STEPS: Array<Pick<StandInRecord, "status" | "sslStatus">> = [
  { status: "pending", sslStatus: "pending_validation" },
  { status: "active", sslStatus: "pending_validation" },
  { status: "active", sslStatus: "pending_deployment" },
  { status: "active", sslStatus: "active" },
];

/**
 * The local stand-in: answers as Cloudflare does (a new hostname waits for its DNS, with a TXT record to add), keeps its
 * hostnames in the map it is given (one per process, from the composition root), and moves one forward on `advance`
 * (`ready`: straight to active) or fails its certificate on `fail`, as the tests and the local page ask.
 */
export class StandInCustomHostnames implements CustomHostnames {
  readonly name = "stand-in";
  constructor(private readonly records: Map<string, StandInRecord> = new Map()) {}

  private view(r: StandInRecord): ProviderHostname {
    return {
      id: r.id,
      hostname: r.hostname,
      status: r.status,
      sslStatus: r.sslStatus,
      ownership: r.status === "pending" ? r.txt : null,
    };
  }

  async create(hostname: string): Promise<ProviderHostname> {
    if ([...this.records.values()].some((r) => r.hostname === hostname))
      throw new HostnameRefused("taken", "1406 Duplicate custom hostname found.");
    const id = crypto.randomUUID().replace(/-/g, "");
    const record: StandInRecord = {
      id,
      hostname,
      status: "pending",
      sslStatus: "pending_validation",
      txt: { name: `_cf-custom-hostname.${hostname}`, value: crypto.randomUUID() },
    };
    this.records.set(id, record);
    return this.view(record);
  }

  async get(id: string): Promise<ProviderHostname | null> {
    const record = this.records.get(id);
    return record ? this.view(record) : null;
  }

  async remove(id: string): Promise<void> {
    this.records.delete(id);
  }

  /** One step further (or all the way with `ready`); false when the stand-in has no such hostname. */
  advance(id: string, ready = false): boolean {
    const record = this.records.get(id);
    if (!record) return false;
    const at = STAND_IN_STEPS.findIndex((s) => s.status === record.status && s.sslStatus === record.sslStatus);
    const next = ready ? STAND_IN_STEPS.length - 1 : Math.min(STAND_IN_STEPS.length - 1, at + 1);
    Object.assign(record, STAND_IN_STEPS[next]);
    return true;
  }

  /** Its certificate's validation timed out, as when the CNAME never pointed here. */
  fail(id: string): boolean {
    const record = this.records.get(id);
    if (!record) return false;
    record.sslStatus = "validation_timed_out";
    return true;
  }
}
