import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ErrorCode, translate } from '@llk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { testDialects, useTestApp } from '../../helper';
import { orgWorld, type Person } from './support';

// POST /device/connectCheck for a device an organisation holds (ADR 0046): its access rules
// decide, for its installer too — the winning rule's permission, ORG_ACCESS when none gives one
// or the device waits for approval (recorded, so the attempt shows), "not found" to anyone who is
// not an active member; a personal device keeps the personal rules.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');

interface Registered {
  device: { id: string };
  enrolment?: { status: string };
}
interface Check {
  allowed: boolean;
  reason: string | null;
  message: string | null;
  sessionId: string | null;
}

describe.each(testDialects())('connect checks of an organisation’s devices ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const world = orgWorld(ctx);
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  let serial = 0;
  const register = async (who: Person, deployCode?: string) => {
    serial += 1;
    const deviceId = `oc-${Date.now().toString(36)}-${serial}`;
    return world.ok<Registered>(who, 'POST', '/device/register', {
      deviceId,
      name: `PC ${serial}`,
      clientType: 'WIN',
      ...(deployCode ? { deployCode } : {}),
    });
  };
  const check = (who: Person, fromDeviceId: string, toDeviceId: string, locale = 'en') =>
    world.call(who, 'POST', '/device/connectCheck', { fromDeviceId, toDeviceId }, locale);

  /** An organisation with the department Support, a group Floor, two enrolled devices (one waiting), and its people. */
  async function office() {
    const owner = await world.person();
    const installer = await world.person();
    const alice = await world.person();
    const bob = await world.person();
    const stranger = await world.person();
    const orgId = await world.createOrg(owner, 'Office');
    const support = await world.department(owner, orgId, 'Support');
    await world.addMember(orgId, alice.id, 'MEMBER', { departmentId: support });
    await world.addMember(orgId, bob.id, 'MEMBER');
    const floor = await world.ok<{ id: string }>(owner, 'POST', '/org/deviceGroup/create', { orgId, name: 'Floor', parentId: null });
    const code = await world.ok<{ code: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Floor PCs',
      groupId: floor.id,
      expiresInHours: 24,
    });
    const waitingCode = await world.ok<{ code: string }>(owner, 'POST', '/org/deployCode/create', {
      orgId,
      name: 'Approval',
      groupId: floor.id,
      expiresInHours: 24,
      requiresApproval: true,
    });
    const pc = (await register(installer, code.code)).device.id;
    const waiting = await register(installer, waitingCode.code);
    expect(waiting.enrolment?.status).toBe('PENDING');
    // each person's own controlling device
    const laptops = {
      alice: (await register(alice)).device.id,
      bob: (await register(bob)).device.id,
      stranger: (await register(stranger)).device.id,
      installer: (await register(installer)).device.id,
    };
    return { owner, installer, alice, bob, stranger, orgId, support, floor: floor.id, pc, waiting: waiting.device.id, laptops };
  }

  it('allows the member a rule reaches with its permission, refuses the others with ORG_ACCESS, and hides the device from outsiders', async () => {
    const o = await office();
    await world.ok(o.owner, 'POST', '/org/accessRule/create', {
      orgId: o.orgId,
      subject: { type: 'DEPARTMENT', id: o.support, subtree: true },
      object: { type: 'GROUP', id: o.floor, subtree: true },
      permission: 'CONTROL',
    });

    const allowed = await check(o.alice, o.laptops.alice, o.pc);
    expect(allowed.errcode, allowed.errmsg).toBe(0);
    const decision = allowed.data as Check;
    expect(decision).toMatchObject({ allowed: true, reason: null });
    const record = await sessionsTables(ctx.database.db)
      .selectFrom('connection_sessions')
      .selectAll()
      .where('id', '=', decision.sessionId!)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'LIVE', permission: 'CONTROL', controller_user_id: o.alice.id, to_device_id: o.pc });

    // a member no rule reaches: refused, in their language, and recorded
    const refused = await check(o.bob, o.laptops.bob, o.pc, 'ja');
    expect(refused.errcode, refused.errmsg).toBe(0);
    expect(refused.data).toMatchObject({ allowed: false, reason: 'ORG_ACCESS', sessionId: null });
    expect((refused.data as Check).message).toBe(translate('ja', 'errors.connectOrgAccess'));
    const attempts = await sessionsTables(ctx.database.db)
      .selectFrom('connection_sessions')
      .select(['status', 'refusal'])
      .where('controller_user_id', '=', o.bob.id)
      .execute();
    expect(attempts).toEqual([{ status: 'REFUSED', refusal: 'ORG_ACCESS' }]);

    // a device waiting for approval: nobody reaches it yet, the rule's department neither
    const pending = await check(o.alice, o.laptops.alice, o.waiting);
    expect(pending.data).toMatchObject({ allowed: false, reason: 'ORG_ACCESS' });

    // outsiders: a stranger, and the installer who is no member — the device is the organisation's, not theirs
    for (const [who, from] of [
      [o.stranger, o.laptops.stranger],
      [o.installer, o.laptops.installer],
    ] as const) {
      const hidden = await check(who, from, o.pc, 'fr');
      expect(hidden.status).toBe(404);
      expect(hidden.errcode).toBe(ErrorCode.DEVICE_NOT_FOUND);
      expect(hidden.errmsg).toBe(translate('fr', 'errors.deviceNotFound'));
    }

    // a disabled member is an outsider at once
    await world.ok(o.owner, 'POST', '/org/member/disable', { orgId: o.orgId, userId: o.alice.id });
    const disabled = await check(o.alice, o.laptops.alice, o.pc);
    expect(disabled.errcode).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  it('gives a VIEW rule the share’s VIEW refusal, and 20 checks at once of the allowed member open one session', async () => {
    const o = await office();
    await world.ok(o.owner, 'POST', '/org/accessRule/create', {
      orgId: o.orgId,
      subject: { type: 'MEMBER', id: o.bob.id },
      object: { type: 'DEVICE', id: o.pc },
      permission: 'VIEW',
    });
    await world.ok(o.owner, 'POST', '/org/accessRule/create', {
      orgId: o.orgId,
      subject: { type: 'MEMBER', id: o.alice.id },
      object: { type: 'DEVICE', id: o.pc },
      permission: 'MANAGE',
    });
    const viewOnly = await check(o.bob, o.laptops.bob, o.pc);
    expect(viewOnly.data).toMatchObject({ allowed: false, reason: 'PERMISSION' });

    const answers = await Promise.all(Array.from({ length: 20 }, () => check(o.alice, o.laptops.alice, o.pc)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((answer) => (answer.data as Check).sessionId));
    expect(ids.size).toBe(1);
    const live = await sessionsTables(ctx.database.db)
      .selectFrom('connection_sessions')
      .select(['permission'])
      .where('controller_user_id', '=', o.alice.id)
      .where('status', '=', 'LIVE')
      .execute();
    expect(live).toEqual([{ permission: 'MANAGE' }]);

    // the installer's personal device (registered without a code) keeps the personal rules
    const personal = await check(o.installer, o.laptops.installer, o.laptops.installer);
    expect(personal.errcode, personal.errmsg).toBe(0);
  });
});
