import { ADMIN_SESSION_COOKIE, ErrorCode, type TEnvelope, type TValidationErrorData } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../src/modules/admin/staff.service';
import { createStaffSession } from '../../src/modules/admin/staff-sessions.service';
import { signUp } from '../accounts';
import { testDialects, useTestApp } from '../helper';
import { minimalObject, readOperations, validSample, type TJsonSchema, type TOperation } from './openapi-document';

// The document says what the server does: for every operation with a JSON body, the body the
// document calls minimal and valid is not refused as invalid, dropping any documented required
// field is, and a value outside a documented pattern is. Authenticated operations carry the
// security scheme and answer 401 without a session.

type TValidation = TEnvelope<TValidationErrorData | null>;

describe.each(testDialects())('the OpenAPI document against the server ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  let token = '';
  let operations: TOperation[] = [];
  // the back office's routes take an OWNER's staff cookie (from our own pages) instead
  const ownerCookie = async () => {
    const staff = await createStaff(ctx.database.db, {
      username: `owner${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      role: 'OWNER',
      createdBy: null,
    });
    await ctx.database.db
      .updateTable('staff')
      .set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null })
      .where('id', '=', staff.id)
      .execute();
    return `${ADMIN_SESSION_COOKIE}=${(await createStaffSession(ctx.database.db, { staffId: staff.id, secondFactor: 'TOTP' })).token}`;
  };
  beforeAll(async () => {
    token = (await signUp(ctx.app)).token;
    operations = await readOperations(ctx.app);
  });

  const sendWith = async (operation: TOperation, body: unknown) =>
    ctx.app.inject({
      method: operation.method as 'POST',
      // the back office's ids are ULIDs
      url: operation.path.replace(/\{\w+\}/g, operation.path.startsWith('/admin/') ? '01J0000000000000000000000A' : 'x1'),
      headers: operation.path.startsWith('/admin/')
        ? { cookie: await ownerCookie(), origin: 'http://localhost:3000', 'accept-language': 'en' }
        : { authorization: token, 'accept-language': 'en' },
      payload: body as Record<string, unknown>,
    });
  // The session is checked before the body, and an earlier operation (/logout) may have ended
  // it: then sign up again so the body is what gets judged.
  const send = async (operation: TOperation, body: unknown) => {
    const res = await sendWith(operation, body);
    if (res.statusCode !== 401 || !operation.security) return res;
    token = (await signUp(ctx.app)).token;
    return sendWith(operation, body);
  };
  const invalidFields = async (operation: TOperation, body: unknown) => {
    const res = await send(operation, body);
    const envelope = res.json<TValidation>();
    const fields = envelope.errcode === ErrorCode.VALIDATION_FAILED ? (envelope.data?.fields ?? []).map((field) => field.field) : [];
    return fields.filter((field) => field.startsWith('body.'));
  };
  const withBody = () => operations.filter((operation) => operation.body?.properties);

  it('accepts the minimal valid body of every operation', async () => {
    const refused: string[] = [];
    for (const operation of withBody()) {
      const fields = await invalidFields(operation, minimalObject(operation.body as TJsonSchema));
      if (fields.length > 0) refused.push(`${operation.method} ${operation.path}: ${fields.join(', ')}`);
    }
    expect(withBody().length).toBeGreaterThan(15);
    expect(refused).toEqual([]);
  });

  it('refuses a body without a documented required field', async () => {
    const accepted: string[] = [];
    for (const operation of withBody()) {
      const schema = operation.body as TJsonSchema;
      const minimal = minimalObject(schema);
      for (const name of [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap((part) => part.required ?? [])]) {
        const { [name]: _dropped, ...rest } = minimal;
        if ((await invalidFields(operation, rest)).length === 0) accepted.push(`${operation.method} ${operation.path} without ${name}`);
      }
      const choice = (schema.anyOf ?? schema.oneOf)?.flatMap((option) => option.required ?? []) ?? [];
      if (choice.length > 0) {
        const rest = Object.fromEntries(Object.entries(minimal).filter(([name]) => !choice.includes(name)));
        if ((await invalidFields(operation, rest)).length === 0)
          accepted.push(`${operation.method} ${operation.path} without any of ${choice.join(', ')}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a value outside a documented pattern, naming the field', async () => {
    const accepted: string[] = [];
    let patterns = 0;
    for (const operation of withBody()) {
      const schema = operation.body as TJsonSchema;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!property.pattern) continue;
        patterns += 1;
        expect(validSample(property), `a sample for ${property.pattern}`).toBeDefined();
        const fields = await invalidFields(operation, { ...minimalObject(schema), [name]: '!! not it !!' });
        if (!fields.includes(`body.${name}`)) accepted.push(`${operation.method} ${operation.path} ${name}`);
      }
    }
    expect(patterns).toBeGreaterThan(10);
    expect(accepted).toEqual([]);
  });

  it('marks every operation that needs a session with the token scheme, and only those', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      if (operation.method !== 'GET' && operation.method !== 'POST') continue;
      const body = operation.method === 'POST' ? minimalObject(operation.body ?? {}) : undefined;
      const query = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
      const search = new URLSearchParams(
        query.map((parameter): [string, string] => [parameter.name, String(validSample(parameter.schema))]),
      );
      const res = await ctx.app.inject({
        method: operation.method,
        url: `${operation.path.replace(/\{\w+\}/g, 'x1')}?${search}`,
        payload: body,
      });
      const refused = res.statusCode === 401;
      if (refused !== operation.security)
        wrong.push(`${operation.method} ${operation.path}: security ${operation.security}, no session → ${res.statusCode}`);
    }
    expect(operations.filter((operation) => operation.security).length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });
});
