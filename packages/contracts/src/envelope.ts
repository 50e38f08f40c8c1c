import { z } from './zod';

/** Every API response, success or error: `errcode` 0 is success. */
export interface TEnvelope<T = unknown> {
  errcode: number;
  errmsg: string;
  data: T;
}

export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ errcode: z.number().int(), errmsg: z.string(), data });
}

/** Field-level detail carried in `data` of a validation error. */
export const ZFieldError = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZValidationErrorData = z.object({ fields: z.array(ZFieldError) });
export type TValidationErrorData = z.infer<typeof ZValidationErrorData>;

export function ok<T>(data: T, errmsg = 'ok'): TEnvelope<T> {
  return { errcode: 0, errmsg, data };
}
