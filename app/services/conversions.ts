// Where a store's ad conversions are delivered: Meta's Conversions API and GA4's Measurement Protocol over plain
// HTTP (no SDK), or, in local runs, a stand-in that answers as they do and records what it received
// (docs/decisions/0052-ad-conversions-from-the-server.md). The secrets travel in the address, never in a body.
import type { ConversionPlatform } from "~/domain/conversions";

/** The Graph API version the Conversions API requests name. */
export const META_GRAPH_VERSION = "v25.0";
const META_GRAPH_ORIGIN = "https://graph.facebook.com";
const GA4_ORIGIN = "https://www.google-analytics.com";

export type ConversionDelivery =
  | { platform: "meta"; datasetId: string; accessToken: string; eventId: string; eventName: string; body: unknown }
  | { platform: "ga4"; measurementId: string; apiSecret: string; eventId: string; eventName: string; body: unknown };

/** A platform refused the event for good (a bad token, a malformed event): trying again cannot help. */
export class ConversionRejectedError extends Error {
  override name = "ConversionRejectedError";
}

export interface ConversionGateway {
  readonly name: "platforms" | "sandbox";
  /** Resolves once the platform took the event; throws when it did not (ConversionRejectedError: never will). */
  deliver(delivery: ConversionDelivery): Promise<void>;
}

/** How long one delivery may take: it runs after the answer, but a hung platform must not hold the runtime. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The platforms themselves (`origins` replaced by a stand-in's in tests, CONVERSIONS_API_ORIGIN). */
export class HttpConversions implements ConversionGateway {
  readonly name = "platforms";
  constructor(
    private readonly origins: Record<ConversionPlatform, string> = { meta: META_GRAPH_ORIGIN, ga4: GA4_ORIGIN },
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async deliver(d: ConversionDelivery): Promise<void> {
    const url =
      d.platform === "meta"
        ? `${this.origins.meta}/${META_GRAPH_VERSION}/${encodeURIComponent(d.datasetId)}/events?access_token=${encodeURIComponent(d.accessToken)}`
        : `${this.origins.ga4}/mp/collect?measurement_id=${encodeURIComponent(d.measurementId)}&api_secret=${encodeURIComponent(d.apiSecret)}`;
    const response = await this.fetcher(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(d.body),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Only the status is kept: the answer may quote the request, and its address holds the secret.
    await response.body?.cancel();
    if (response.ok) return;
    const refused = `${d.platform} answered ${response.status}`;
    // 408 and 429 ask to come back later; any other 4xx refuses this event whatever the number of tries.
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      throw new ConversionRejectedError(refused);
    throw new Error(refused);
  }
}

/** What the local stand-in keeps of each event it takes (the sandbox's table, wired by the composition root). */
export type RecordConversion = (received: {
  platform: ConversionPlatform;
  target: string;
  eventId: string;
  eventName: string;
  body: unknown;
}) => Promise<void>;

/** Local runs: takes every event as the platforms would and records it, deduplicated by event id as they do. */
export class SandboxConversions implements ConversionGateway {
  readonly name = "sandbox";
  constructor(private readonly record: RecordConversion) {}

  async deliver(d: ConversionDelivery): Promise<void> {
    const secret = d.platform === "meta" ? d.accessToken : d.apiSecret;
    if (!secret) throw new ConversionRejectedError(`${d.platform} answered 400`);
    await this.record({
      platform: d.platform,
      target: d.platform === "meta" ? d.datasetId : d.measurementId,
      eventId: d.eventId,
      eventName: d.eventName,
      body: d.body,
    });
  }
}
