import { z } from 'zod';

const ZCheck = z.object({ ok: z.boolean(), latencyMs: z.number() });

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: ZCheck.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  redis: ZCheck.optional(),
});
export type THealth = z.infer<typeof ZHealth>;
