import { z } from "zod";

/** A notification shown after a redirect (the spec's notification banner: title, description, 3-4 s). */
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string().max(200),
  description: z.string().max(500),
  kind: z.enum(["success", "error", "info"]),
  timeoutMs: z.number().int().min(1000).max(10000),
});

export type Notice = z.infer<typeof noticeSchema>;

export function notice(title: string, description: string, kind: Notice["kind"] = "success", timeoutMs = 4000): Notice {
  return { id: crypto.randomUUID(), title, description, kind, timeoutMs };
}
