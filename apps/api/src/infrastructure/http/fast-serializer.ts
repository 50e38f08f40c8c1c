import { isDeepStrictEqual } from 'node:util';
import { type FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers serialised from JSON Schema (Fastify's fast-json-stringify) instead of running zod on
// every answer. Each route's response schema is turned into JSON Schema once, at
// start-up (zod's toJSONSchema, output side): the compiled function writes only the properties
// the schema declares, so nothing outside it can reach a client, exactly as zod's strip did. A
// schema JSON Schema cannot say (a transform, a custom check) keeps zod's serialiser.
//
// With `check` (the test suites: NODE_ENV=test), every answer goes through both and the two
// must say the same JSON (fast-json-stringify writes required properties before optional ones,
// so the order of keys may differ): zod still rejects an answer that breaks its schema (a 500
// the tests see), and any difference in what the fast path writes fails the request. So the
// whole API suite compares the two serialisers on every answer it makes.

type TSerializer = (data: unknown) => string;
type TRouteSchema = { schema: unknown; method: string; url: string; httpStatus?: string };

const zodSerializer = createSerializerCompiler({}) as unknown as (route: TRouteSchema) => TSerializer;

/** The zod schema of a response, as fastify-type-provider-zod reads it; null for anything else. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** fast-json-stringify for a zod schema, or null when JSON Schema cannot say it. */
export function compileFast(schema: z.ZodType): TSerializer | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<string, unknown>;
    delete json.$schema;
    return fastJson(json) as TSerializer;
  } catch {
    return null;
  }
}

export class SerializerMismatch extends Error {
  constructor(route: string, fast: string, checked: string) {
    super(`${route}: the fast serialiser wrote ${fast.slice(0, 300)} where zod wrote ${checked.slice(0, 300)}`);
    this.name = 'SerializerMismatch';
  }
}

export function fastSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializer(route as TRouteSchema);
    const schema = zodSchemaOf(route.schema);
    const fast = schema ? compileFast(schema) : null;
    if (!fast) return checked;
    if (!options.check) return fast;
    const name = `${route.method} ${route.url} ${route.httpStatus ?? ''}`.trim();
    return (data: unknown) => {
      const expected = checked(data);
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new SerializerMismatch(name, written, expected);
      return written;
    };
  };
}
