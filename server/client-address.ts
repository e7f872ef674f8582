import { isIP } from "node:net";

/**
 * The client's address for per-client limits. By default the socket's peer. With TRUST_PROXY the
 * server sits behind one reverse proxy that appends the address it saw to X-Forwarded-For, so the
 * last entry is the one to trust: anything before it was written by the client and may be forged.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(",").at(-1)?.trim() ?? "";
    if (isIP(last)) return unmapped(last);
  }
  return socketAddress ? unmapped(socketAddress) : "unknown";
}

/** An IPv4 client seen through an IPv6 socket (`::ffff:1.2.3.4`) is the IPv4 client. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
