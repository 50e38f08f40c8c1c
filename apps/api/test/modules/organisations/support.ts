import { ErrorCode, type TErrorCodeName } from '@llk/contracts';
import { expect } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { newIp, signUp } from '../../accounts';
import { type TestContext } from '../../helper';

// Helpers of the organisation tests: people signed up through the API, calls with their token,
// and members written straight into org_members (joining by invitation is not built yet).

export interface Person {
  token: string;
  id: string;
  username: string;
}

export interface Answer {
  status: number;
  errcode: number;
  errmsg: string;
  data: unknown;
}

export function orgWorld(ctx: TestContext) {
  async function person(): Promise<Person> {
    const user = await signUp(ctx.app);
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { token: user.token, id: row.id, username: user.username };
  }

  async function call(
    who: Person | null,
    method: 'GET' | 'POST',
    url: string,
    input: Record<string, unknown> = {},
    locale = 'en',
  ): Promise<Answer> {
    const query = new URLSearchParams(Object.entries(input).map(([key, value]): [string, string] => [key, String(value)])).toString();
    const res = await ctx.app.inject({
      method,
      url: method === 'GET' && query ? `${url}?${query}` : url,
      headers: { ...(who ? { authorization: who.token } : {}), 'accept-language': locale },
      remoteAddress: newIp(),
      ...(method === 'POST' ? { payload: input } : {}),
    });
    expect(res.headers['content-type'], res.body).toMatch(/application\/json/);
    const body = res.json() as { errcode: number; errmsg: string; data: unknown };
    return { status: res.statusCode, ...body };
  }

  /** Calls and expects success; answers the data. */
  async function ok<T>(who: Person, method: 'GET' | 'POST', url: string, input: Record<string, unknown> = {}): Promise<T> {
    const answer = await call(who, method, url, input);
    expect(answer.errcode, `${method} ${url}: ${answer.errmsg}`).toBe(0);
    return answer.data as T;
  }

  /** Calls and expects the error. */
  async function refused(who: Person | null, method: 'GET' | 'POST', url: string, input: Record<string, unknown>, error: TErrorCodeName) {
    const answer = await call(who, method, url, input);
    expect(answer.errcode, `${method} ${url}: ${answer.errmsg}`).toBe(ErrorCode[error]);
    return answer;
  }

  async function createOrg(owner: Person, name = 'Acme'): Promise<string> {
    return (await ok<{ id: string }>(owner, 'POST', '/org/create', { name })).id;
  }

  /** A member written straight into the table (a user id of no account is fine: members have no foreign key to users). */
  async function addMember(
    orgId: string,
    userId: string,
    roleId = 'MEMBER',
    options: { status?: 'ACTIVE' | 'DISABLED'; departmentId?: string | null; adminOf?: string[] } = {},
  ): Promise<void> {
    const stamp = toDbDate(new Date());
    await ctx.database.db
      .insertInto('org_members')
      .values({
        org_id: orgId,
        user_id: userId,
        role_id: roleId,
        department_id: options.departmentId ?? null,
        status: options.status ?? 'ACTIVE',
        joined_at: stamp,
        updated_at: stamp,
      })
      .execute();
    for (const departmentId of options.adminOf ?? [])
      await ctx.database.db
        .insertInto('org_department_admins')
        .values({ org_id: orgId, user_id: userId, department_id: departmentId })
        .execute();
  }

  async function department(owner: Person, orgId: string, name: string, parentId: string | null = null): Promise<string> {
    return (await ok<{ id: string }>(owner, 'POST', '/org/department/save', { orgId, name, parentId })).id;
  }

  async function auditRows(orgId: string) {
    return ctx.database.db
      .selectFrom('org_audit_log')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async function membersByRole(orgId: string, roleId: string) {
    const rows = await ctx.database.db
      .selectFrom('org_members')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('role_id', '=', roleId)
      .execute();
    return rows.map((row) => row.user_id);
  }

  return { person, call, ok, refused, createOrg, addMember, department, auditRows, membersByRole, fakeUserId: () => newId() };
}
