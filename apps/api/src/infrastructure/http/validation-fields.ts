import { getContractMessages, V, type TFieldError } from '@llk/contracts';
import { type FastifySchemaValidationError } from 'fastify';

type Location = 'body' | 'querystring' | 'params' | 'headers';

const validationKeys = new Set(Object.keys(getContractMessages('en').validation).map((name) => `validation.${name}`));

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The message key of one issue. The contracts schemas put a key ('validation.usernameFormat')
 * in every issue they raise; zod's own issues (wrong type, too long, unknown enum value) carry
 * English text instead, so they get a generic key chosen by issue code.
 */
function ruleOf(issue: FastifySchemaValidationError, value: unknown): string {
  const message = issue.message ?? '';
  if (validationKeys.has(message)) return message;
  switch (issue.keyword) {
    case 'invalid_type':
      return value === undefined || value === null ? V.required : V.invalidType;
    case 'too_big':
      return (issue.params as { origin?: string }).origin === 'string' ? V.tooLong : V.invalidValue;
    default:
      return V.invalidValue;
  }
}

/**
 * One entry per failed rule: `field` is the dotted path including where it was sent
 * ('body.username', 'querystring.page', 'body.items.0.qty').
 */
export function validationFields(
  issues: FastifySchemaValidationError[],
  location: Location | undefined,
  input: Partial<Record<Location, unknown>>,
  t: (key: string) => string,
): TFieldError[] {
  return issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const rule = ruleOf(issue, location ? valueAt(input[location], path) : undefined);
    return { field: [location ?? 'request', ...path].join('.'), rule, message: t(rule) };
  });
}
