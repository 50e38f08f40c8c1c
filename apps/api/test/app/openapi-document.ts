import { createRequire } from 'node:module';
import { type App } from '../../src/composition/app';

// The API's own OpenAPI document, read as a client would, and what the fuzz and contract tests
// need from it: its operations, a valid sample of a schema, and a response check against the
// schema documented for a status.

export type TJsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  additionalProperties?: boolean | TJsonSchema;
};

export interface TParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: TJsonSchema;
}

export interface TResponse {
  description?: string;
  content?: Record<string, { schema: TJsonSchema }>;
}

export interface TOperation {
  method: string;
  /** OpenAPI path: /order/info/{id} */
  path: string;
  parameters: TParameter[];
  body?: TJsonSchema;
  security: boolean;
  responses: Record<string, TResponse>;
}

interface TDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: TParameter[];
        requestBody?: { content: Record<string, { schema: TJsonSchema }> };
        security?: unknown[];
        responses: Record<string, TResponse>;
      }
    >
  >;
}

export async function readOperations(app: App): Promise<TOperation[]> {
  const res = await app.inject({ url: '/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}: ${res.body}`);
  const doc = res.json<TDocument>();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(op.requestBody?.content['application/json'] ? { body: op.requestBody.content['application/json'].schema } : {}),
      security: (op.security?.length ?? 0) > 0,
      responses: op.responses,
    })),
  );
}

// Values a person would type for each documented pattern; a pattern none of them fits fails the
// contract test, so a new rule comes with a sample.
const CANDIDATES = [
  'Secret#123',
  'alice01',
  '13800138000',
  '123456',
  'abc123',
  'user@example.com',
  'MEMBER_YEAR',
  '01J0000000000000000000000A',
  '1.0.0',
  'Ab1_-',
  'ZFB',
  '2222-2222-2222-2222',
  'JBSWY3DPEHPK3PXP',
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  '/zh-CN/order',
  'LLK-2026-000001',
  'ES',
  // a SHA-256 in hex (a file's digest)
  '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  'x',
  '',
];

function typeOf(schema: TJsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A value that satisfies `schema` (enough of JSON Schema for our documents), or undefined. */
export function validSample(schema: TJsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch && !schema.type) return validSample(branch.find((option) => typeOf(option) !== 'null') ?? branch[0] ?? {});
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      // as few items as the schema allows, each a valid sample
      return Array.from({ length: schema.minItems ?? 0 }, () => validSample(schema.items ?? {}));
    case 'object':
      return minimalObject(schema);
    default:
      return undefined;
  }
}

function sampleString(schema: TJsonSchema): string | undefined {
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'uri') return 'https://example.com/';
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
  return CANDIDATES.find(fits);
}

/** The required properties only (allOf's too); of a documented choice (anyOf/oneOf), the first. */
export function minimalObject(schema: TJsonSchema): Record<string, unknown> {
  const required = new Set([
    ...(schema.required ?? []),
    ...(schema.allOf ?? []).flatMap((part) => part.required ?? []),
    ...((schema.anyOf ?? schema.oneOf)?.[0]?.required ?? []),
  ]);
  const value: Record<string, unknown> = {};
  for (const name of required) value[name] = validSample(schema.properties?.[name] ?? {});
  return value;
}

/** Ajv for JSON Schema 2020-12 (OpenAPI 3.1): the copy Fastify's own validator stack installs. */
interface TAjv {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
}
const requireNear = createRequire(createRequire(import.meta.url).resolve('ajv-formats/package.json'));
const Ajv2020 = (requireNear('ajv/dist/2020') as { default: new (options: object) => TAjv }).default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new WeakMap<object, ReturnType<TAjv['compile']>>();

/** The documented answer for `status`: exact, then its range (4XX), then default. */
export function documentedAnswer(operation: TOperation, status: number): TResponse | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

/** Why `body` (with its content type) does not fit the documented answer, or null when it does. */
export function mismatch(answer: TResponse, contentType: string | undefined, body: string): string | null {
  const entries = Object.entries(answer.content ?? {});
  if (entries.length === 0) return body === '' ? null : `documented without a body, got ${body.slice(0, 80)}`;
  const media = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const entry = entries.find(([type]) => type === media);
  if (!entry) return `content type ${media || '(none)'} is not documented (${entries.map(([type]) => type).join(', ')})`;
  let data: unknown = body;
  if (media === 'application/json') {
    try {
      data = JSON.parse(body);
    } catch {
      return `not JSON: ${body.slice(0, 80)}`;
    }
  }
  const schema = entry[1].schema;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(data) ? null : JSON.stringify(validate.errors).slice(0, 400);
}
