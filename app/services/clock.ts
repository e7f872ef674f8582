/** The one clock every rule reads. Local runs may shift it (the test clock); production never does. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The test clock of local runs (/_dev/reloj), in the spirit of Stripe's test clocks: the real time
 * plus an offset the operator moves forward in days or minutes, or resets. `persist` keeps the offset across
 * restarts (the Node entry writes it under DATA_DIR); the process holds the one live value, so
 * every request's services see the same time.
 */
export class AdjustableClock implements Clock {
  readonly adjustable = true;
  constructor(
    private offset = 0,
    private readonly persist: (offsetMs: number) => void = () => {},
  ) {}
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  get offsetMs(): number {
    return this.offset;
  }
  advanceDays(days: number): void {
    if (!Number.isInteger(days) || days < 1 || days > 3650) throw new RangeError("days must be 1..3650");
    this.offset += days * DAY_MS;
    this.persist(this.offset);
  }
  advanceMinutes(minutes: number): void {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 525_600) throw new RangeError("minutes must be 1..525600");
    this.offset += minutes * 60_000;
    this.persist(this.offset);
  }
  reset(): void {
    this.offset = 0;
    this.persist(0);
  }
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return (clock as Partial<AdjustableClock>).adjustable === true;
}
