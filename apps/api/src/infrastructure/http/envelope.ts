import { z } from 'zod';
import { ZEnvelope } from '@llk/contracts';

export { ok } from '@llk/contracts';

/** Every error: errcode ≠ 0, errmsg in the caller's language, data null or details. */
export const ZErrorEnvelope = z
  .object({
    errcode: z.number().int().describe('Stable error code, see the list in the API description'),
    errmsg: z.string().describe("Message in the caller's Accept-Language"),
    data: z.unknown().describe('null, or details such as { fields: [{ field, rule, message }] } for 40001'),
  })
  .describe('Error envelope');

/**
 * Response schemas for a route: the success envelope around `data` for 200 and the error
 * envelope for every 4xx/5xx, so nothing outside the schema can reach a client.
 */
export function envelopeResponses<T extends z.ZodType>(data: T) {
  return {
    200: ZEnvelope(data),
    '4xx': ZErrorEnvelope,
    '5xx': ZErrorEnvelope,
  } as const;
}
