/**
 * The short fuzz pass of the JPEG decoder (the long one is `npm run fuzz`): every input that ever failed, every seed
 * at every scale, then mutated seeds from a fixed seed, so a failure here repeats. See tests/support/jpeg-fuzz.ts
 * and docs/decisions/0048-fuzzing-the-jpeg-decoder.md.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JpegScale } from "~/media/jpeg-scaled";
import { fuzzInputs, judge, regressions, seeds } from "../support/jpeg-fuzz";

const SCALES: JpegScale[] = [1, 2, 4, 8];
/** The suite's other lane shares the two cores: three times the time bound `npm run fuzz` holds inputs to. */
const IN_SUITE = { timeSlack: 3 };

describe("JPEG decoder under fuzzing", () => {
  it("every input that ever failed decodes or is refused, within bounds, at the scale it failed at", () => {
    for (const { name, bytes, scale } of regressions()) expect(() => judge(bytes, scale, IN_SUITE), name).not.toThrow();
  });

  it("every seed decodes or is refused, within bounds", () => {
    for (const { name, bytes } of seeds())
      for (const scale of SCALES) expect(() => judge(bytes, scale, IN_SUITE), `${name} at 1/${scale}`).not.toThrow();
  });

  it("mutated seeds decode or are refused, within bounds", () => {
    fc.assert(
      fc.property(fuzzInputs(seeds()), ({ bytes, scale }) => {
        judge(bytes, scale, IN_SUITE);
      }),
      { seed: 48, numRuns: 2000 },
    );
  });
});
