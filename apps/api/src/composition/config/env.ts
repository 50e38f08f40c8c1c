import { z } from 'zod';

// The parsers the environment's variables share. A blank value counts as unset everywhere, so
// `FOO=` in an env file falls back to FOO's default instead of failing.

export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function integer(min: number, max: number, fallback: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be at least ${min}` })
          .max(max, { error: `must be at most ${max}` }),
      )
      .default(fallback),
  );
}

export function booleanFlag(fallback: boolean) {
  return z.preprocess(blankToUndefined, z.stringbool({ error: 'must be true or false' }).default(fallback));
}

export function toOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const ZOrigin = z.string().transform((value, ctx) => {
  const origin = toOrigin(value.trim());
  if (!origin) {
    ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://example.com' });
    return z.NEVER;
  }
  return origin;
});

export const ZOriginList = z.preprocess(
  (value) => value ?? '',
  z.string().transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const origin = toOrigin(entry);
      if (origin) origins.push(origin);
      else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
    }
    return origins;
  }),
);

export const ZBaseUrl = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .refine((value) => toOrigin(value) !== null, { error: 'must be an http(s) URL' })
      .transform((value) => value.replace(/\/+$/, '')),
  );

export const ZOptionalBaseUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((value) => toOrigin(value) !== null, { error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);
