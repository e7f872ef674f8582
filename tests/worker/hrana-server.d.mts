import type { Server } from "node:http";

/** A Hrana-over-HTTP endpoint on a libSQL file (test-only; see hrana-server.mjs). */
export function startHranaServer(options: { path: string; port?: number }): Promise<{ server: Server; port: number }>;
