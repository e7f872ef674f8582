import { z } from "zod";

/**
 * A checkbox posts its value when on and nothing when off. Its own module, with no texts: a page that only needs the
 * checkbox does not take a feature's messages along (the merchant pages' message groups follow imports).
 */
export const checkboxField = z
  .string()
  .optional()
  .transform((value) => value !== undefined);
