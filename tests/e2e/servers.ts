/**
 * The journeys' servers: one per Playwright worker, each with its own port and data folder, so two workers never
 * share a database. A worker's tests use the server of its slot (Playwright's TEST_PARALLEL_INDEX, 0 to workers − 1,
 * kept by a worker started again after a failure); the runner's own process sees slot 0.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3111);
const DATA_ROOT = process.env.E2E_DATA_DIR ?? "tests/.tmp/e2e-data";

export function e2eServer(slot: number) {
  const port = FIRST_PORT + slot;
  return { port, origin: `http://localhost:${port}`, dataDir: `${DATA_ROOT}/${slot}` };
}

/** The server this worker's tests use. */
export const E2E_SERVER = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
