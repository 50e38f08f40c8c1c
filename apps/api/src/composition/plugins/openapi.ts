import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodeNames, errorInfo, translate } from '@llk/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '@llk/contracts';
import { apiVersion } from '../version';
import { completeOperation } from './openapi-operation';

function errorCodeTable(): string {
  const rows = errorCodeNames.map((name) => {
    const { code, status, key } = errorInfo(name);
    return `| ${code} | ${name} | ${status} | ${translate('en', `errors.${key}`)} |`;
  });
  return ['| errcode | name | HTTP | message (en) |', '|---|---|---|---|', ...rows].join('\n');
}

const description = `JSON API of LLK Remote.

Every response, success or error, is an envelope \`{ errcode, errmsg, data }\`: \`errcode\` 0 is
success; any other value is one of the stable codes below, sent with the HTTP status shown.
\`errmsg\` is in the language of the request's \`Accept-Language\` (zh-CN, en, zh-TW, es, fr,
ja, ko; zh-CN without the header, en when none of these fits). Validation failures (40001) carry
\`data.fields = [{ field, rule, message }]\`, where \`field\` is the dotted path including its
location (\`body.username\`) and \`rule\` a message key (\`validation.usernameFormat\`).
401 means the session is gone. Operations marked with the \`token\` scheme need a session: apps send
\`Authorization: <token>\`, the web's pages the httpOnly session cookie (\`session\` scheme). Each operation
lists the statuses it can answer: the ones every route of its kind can give (400, 401, 403, 413, 414,
415, 429, 500, 503) and the \`4XX\` range for its own refusals, named in its description.

${errorCodeTable()}`;

/** OpenAPI 3.1 generated from the routes' zod schemas: JSON at /openapi.json, UI at /docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'LLK Remote API', version: apiVersion, description },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'access_token from a log-in' },
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by log-in for the web' },
            admin: {
              type: 'apiKey',
              in: 'cookie',
              name: ADMIN_SESSION_COOKIE,
              description: 'Staff session of the back office (/admin/*), set by the staff log-in',
            },
          },
        },
      },
      // Read when the document is first built (after ready), so app.requireUser exists by then.
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        return { schema: completeOperation(input.route, schema, app.requireUser) as typeof schema, url };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });

    app.withTypeProvider<ZodTypeProvider>().get(
      '/openapi.json',
      {
        schema: {
          hide: true,
          response: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }) },
        },
      },
      async () => app.swagger() as unknown as { openapi: string; info: Record<string, unknown>; paths: Record<string, unknown> },
    );
  },
  { name: 'openapi' },
);
