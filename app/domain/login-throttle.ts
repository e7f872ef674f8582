/**
 * Sign-in throttling per account: a few free tries, then each further try waits longer
 * (1, 2, 4, 8 … minutes, never more than 15). A try refused while waiting is not checked and not
 * counted, so a stranger gets at most one guess per wait and cannot make the wait grow faster.
 * The owner is never locked out: a known device skips the wait, a password reset by email clears
 * it, and any success clears the count.
 */
export const FREE_LOGIN_FAILURES = 5;
const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 15 * 60_000;
/** A day without failures forgets them. */
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 3600_000;
/** A known device that keeps failing stops being trusted. */
export const KNOWN_DEVICE_MAX_FAILURES = 10;

/** The wait before the next try once `failures` tries have failed. */
export function backoffMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

/** The distinct waits by failure count, up to the one from which it stays at the maximum. */
export function backoffSteps(): Array<{ failures: number; waitMs: number }> {
  const steps: Array<{ failures: number; waitMs: number }> = [];
  for (let failures = 1; ; failures++) {
    const waitMs = backoffMs(failures);
    steps.push({ failures, waitMs });
    if (waitMs >= MAX_BACKOFF_MS) return steps;
  }
}

/** Whole minutes to tell the person, at least 1. */
export function waitMinutes(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 60_000));
}
