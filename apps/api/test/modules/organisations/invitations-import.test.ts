import { ErrorCode, translate } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { departmentPathNames } from '../../../src/modules/organisations/invitations.service';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld } from './support';

// The CSV import's department column (ADR 0044, module README "The invitation CSV"): an id or a
// path of names from the root, a "/" inside a name written "\/"; a path two departments answer
// to (siblings named alike, case aside) is INVALID with ORG_INVITATION_DEPARTMENT_AMBIGUOUS.

interface ImportAnswer {
  rows: { line: number; target: string; result: string; reason: string | null; invitationId: string | null }[];
}

describe('a department path’s names', () => {
  it('splits on "/", keeps an escaped "\\/" and "\\\\" inside a name, trims and lower-cases', () => {
    expect(departmentPathNames('Sales / EMEA')).toEqual(['sales', 'emea']);
    expect(departmentPathNames('R\\/D')).toEqual(['r/d']);
    expect(departmentPathNames('R\\/D/Lab')).toEqual(['r/d', 'lab']);
    expect(departmentPathNames('a\\\\/b')).toEqual(['a\\', 'b']);
    expect(departmentPathNames('R/D')).toEqual(['r', 'd']);
  });
});

describe.each(testDialects())('the invitation CSV’s departments ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);

  it('finds a name holding "/" written escaped, tells an ambiguous path from an unknown one, and takes the id of either twin', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Paths Co');
    const rd = await world.department(owner, orgId, 'R/D');
    const lab = await world.department(owner, orgId, 'Lab', rd);
    const sales = await world.department(owner, orgId, 'Sales');
    const salesTwin = await world.department(owner, orgId, 'SALES');
    const emea = await world.department(owner, orgId, 'EMEA', sales);
    const tag = Date.now().toString(36);
    const csv = [
      'email,role,department',
      `rd-${tag}@example.com,MEMBER,R\\/D`,
      `lab-${tag}@example.com,MEMBER,R\\/D / lab`,
      `plain-${tag}@example.com,MEMBER,R/D`,
      `twin-${tag}@example.com,MEMBER,sales`,
      `byid-${tag}@example.com,MEMBER,${salesTwin}`,
      `emea-${tag}@example.com,MEMBER,Sales/EMEA`,
    ].join('\n');
    const answer = await world.call(owner, 'POST', '/org/invitation/import', { orgId, csv }, 'fr');
    expect(answer.errcode, answer.errmsg).toBe(0);
    const rows = (answer.data as ImportAnswer).rows;
    expect(rows.map((row) => [row.line, row.result])).toEqual([
      [2, 'INVITED'],
      [3, 'INVITED'],
      [4, 'INVALID'],
      [5, 'INVALID'],
      [6, 'INVITED'],
      [7, 'INVITED'],
    ]);
    expect(rows[2]!.reason).toBe(translate('fr', 'errors.orgDepartmentNotFound'));
    expect(rows[3]!.reason).toBe(translate('fr', 'errors.orgInvitationDepartmentAmbiguous', { path: 'sales', count: 2 }));
    expect(rows[3]!.reason).toContain('«\u00a0sales\u00a0»');
    const made = await ctx.database.db.selectFrom('org_invitations').select(['id', 'department_id']).where('org_id', '=', orgId).execute();
    const departmentOf = new Map(made.map((row) => [row.id, row.department_id]));
    expect(departmentOf.size).toBe(4);
    expect(departmentOf.get(rows[0]!.invitationId!)).toBe(rd);
    expect(departmentOf.get(rows[1]!.invitationId!)).toBe(lab);
    expect(departmentOf.get(rows[4]!.invitationId!)).toBe(salesTwin);
    expect(departmentOf.get(rows[5]!.invitationId!)).toBe(emea);
  });

  it('records each invitation an import makes as its invitation.create row, findable by its target in /org/audit/list, before the summary row', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Audit Co');
    const sales = await world.department(owner, orgId, 'Sales');
    const tag = Date.now().toString(36);
    const csv = `email,role,department\nfirst-${tag}@example.com,MEMBER,Sales\nbad-address,MEMBER,\nsecond-${tag}@example.com,BILLING_ADMIN,\n`;
    const answer = await world.ok<ImportAnswer>(owner, 'POST', '/org/invitation/import', { orgId, csv });
    const [first, , second] = answer.rows;
    expect([first!.result, second!.result]).toEqual(['INVITED', 'INVITED']);

    interface Entry {
      action: string;
      actorUserId: string | null;
      targetType: string;
      targetId: string;
      after: Record<string, unknown>;
    }
    const entries = async (query: Record<string, unknown>) =>
      (await world.ok<{ items: Entry[] }>(owner, 'GET', '/org/audit/list', { orgId, ...query })).items;
    const [byTarget, ...others] = await entries({ targetType: 'invitation', targetId: first!.invitationId! });
    expect(others).toEqual([]);
    expect(byTarget).toMatchObject({
      action: 'invitation.create',
      actorUserId: owner.id,
      targetType: 'invitation',
      targetId: first!.invitationId,
      after: { channel: 'EMAIL', target: `first-${tag}@example.com`, roleId: 'MEMBER', departmentId: sales, imported: true },
    });
    const creates = await entries({ action: 'invitation.create' });
    expect(creates.map((entry) => entry.targetId)).toEqual([second!.invitationId, first!.invitationId]);
    expect(creates[0]!.after).toMatchObject({ target: `second-${tag}@example.com`, roleId: 'BILLING_ADMIN', departmentId: null });
    // newest first: the summary row with the counts comes after the rows of the invitations
    const [latest] = await entries({});
    expect(latest).toMatchObject({ action: 'invitation.import', targetType: 'organisation', after: { rows: 3, INVITED: 2, INVALID: 1 } });
  });

  it('names the header’s columns as the file writes them, in every language', async () => {
    const owner = await world.person();
    const orgId = await world.createOrg(owner, 'Header Co');
    for (const locale of ['zh-CN', 'zh-tw', 'en', 'es', 'fr', 'ja', 'ko'] as const) {
      const answer = await world.call(owner, 'POST', '/org/invitation/import', { orgId, csv: 'name,department\nx,y' }, locale);
      expect(answer.errcode).toBe(ErrorCode.ORG_INVITATION_IMPORT_HEADER);
      expect(answer.errmsg).toBe(translate(locale, 'errors.orgInvitationImportHeader', { columns: 'email,phone,role,department' }));
      expect(answer.errmsg).toContain('email,phone,role,department');
      expect(answer.errmsg).not.toContain('{');
    }
  });
});
