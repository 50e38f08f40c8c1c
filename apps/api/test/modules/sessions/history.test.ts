import path from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { pricingSeedStep } from '../../../src/modules/pricing/pricing.seed';
import { createSeats } from '../../../src/modules/seats';
import { maskAddress, zonedDayStart } from '../../../src/modules/sessions/session-history';
import { type ConnectionSessionsTable, sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// The account's connection history (GET /session/list, /session/live): who sees which record
// (with real shares made and ended through the API), the plan's window, the keyset pages and the
// filters. Records are written straight into the table, each with its own start time, so the
// window and the order are tried on a clock instead of waited for.

const SEED_DIR = path.resolve(import.meta.dirname, '../../../../../content/seed');
const DAY = 86_400_000;

type User = Awaited<ReturnType<typeof signUp>>;
interface Side {
  deviceId: string | null;
  deviceName: string;
  userId: string | null;
  userName: string;
  mine: boolean;
  address: string | null;
  country: string | null;
}
interface SessionRecord {
  id: string;
  status: string;
  direction: string;
  kind: string;
  from: Side;
  to: Side;
  startedAt: string;
  durationSeconds: number | null;
  endReason: string | null;
  endedBy: { userId: string | null; name: string } | null;
  refusal: string | null;
  refusalMessage: string | null;
  files: { direction: string; name: string; sizeBytes: number; sha256: string | null }[];
  notes: { side: string; text: string }[];
  alarm: boolean;
}
interface Page {
  items: SessionRecord[];
  next: string | null;
  searchedTo: string | null;
  historyDays: number;
}

describe.each(testDialects())('connection history ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  beforeAll(async () => {
    await pricingSeedStep.run(ctx.database.db, {
      dir: SEED_DIR,
      readJson: (file) => JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8')),
    });
  });

  const call = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown, locale = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: user.token, 'accept-language': locale },
      remoteAddress: newIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const page = async (user: User, query = '', locale = 'en') => {
    const res = await call(user, 'GET', `/session/list${query}`, undefined, locale);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Page }).data;
  };
  const ids = (answer: { items: { id: string }[] }) => answer.items.map((item) => item.id);

  const account = async () => {
    const user = await signUp(ctx.app);
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { user, id: row.id };
  };
  const device = async (user: User, name: string) => {
    const deviceId = `dev-${newId()}`;
    const res = await call(user, 'POST', '/device/register', { deviceId, name, clientType: 'WIN' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { device: { id: string } } }).data.device.id;
  };
  const usePlan = (userId: string, plan: 'FREE' | 'PRO') =>
    ctx.database.db
      .updateTable('users')
      .set({ member_plan: plan, member_expires_at: plan === 'PRO' ? toDbDate(Date.now() + 30 * DAY) : null })
      .where('id', '=', userId)
      .execute();

  let clock = Date.now() - 60_000;
  /** A record of a session from one account's device to another's; each starts a second before the last. */
  const record = async (
    from: { userId: string | null; deviceId: string | null },
    to: { userId: string | null; deviceId: string | null },
    values: Partial<ConnectionSessionsTable> = {},
  ) => {
    clock -= 1000;
    const at = values.started_at ?? toDbDate(clock);
    const row: ConnectionSessionsTable = {
      id: newId(),
      owner_user_id: to.userId,
      controller_user_id: from.userId,
      from_device_id: from.deviceId,
      to_device_id: to.deviceId,
      from_device_name: 'Laptop',
      to_device_name: 'Office PC',
      from_client_type: 'MAC',
      to_client_type: 'WIN',
      from_app_version: '1.4.2',
      to_app_version: '1.4.1',
      from_ip: '203.0.113.77',
      from_country: 'US',
      to_ip: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      to_country: 'CN',
      permission: from.userId === to.userId ? 'OWN' : 'CONTROL',
      kind: 'CONTROL',
      status: 'ENDED',
      refusal: null,
      alive_at: at,
      ended_at: toDbDate(Date.parse(at) + 90_000),
      end_reason: 'NORMAL',
      ended_by_user_id: null,
      duration_seconds: null,
      bytes: '1048576',
      files_count: 0,
      alarm: 0,
      expires_at: toDbDate(Date.now() + 180 * DAY),
      ...values,
      started_at: at,
    };
    await sessionsTables(ctx.database.db).insertInto('connection_sessions').values(row).execute();
    return row.id;
  };

  it('shows the owner every session on its devices and a recipient only its own, also after the share ended', async () => {
    const owner = await account();
    const friend = await account();
    const stranger = await account();
    const desk = await device(owner.user, 'Desk');
    const laptop = await device(owner.user, 'Laptop');
    const friendPc = await device(friend.user, 'Friend PC');
    const strangerPc = await device(stranger.user, 'Stranger PC');
    const strangerPhone = await device(stranger.user, 'Stranger phone');

    const shared = await call(owner.user, 'POST', '/device/share', {
      deviceId: desk,
      account: friend.user.username,
      permission: 'CONTROL',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const shareId = (shared.json() as { data: { id: string } }).data.id;

    const friendToDesk = await record({ userId: friend.id, deviceId: friendPc }, { userId: owner.id, deviceId: desk });
    const ownToOwn = await record({ userId: owner.id, deviceId: laptop }, { userId: owner.id, deviceId: desk }, { permission: 'OWN' });
    const strangers = await record({ userId: stranger.id, deviceId: strangerPhone }, { userId: stranger.id, deviceId: strangerPc });

    const byOwner = await page(owner.user);
    expect(ids(byOwner)).toEqual([friendToDesk, ownToOwn]);
    expect(byOwner.items.map((item) => item.direction)).toEqual(['INCOMING', 'BETWEEN_OWN']);
    expect(byOwner.items[1]!.from.mine && byOwner.items[1]!.to.mine).toBe(true);

    const byFriend = await page(friend.user);
    expect(ids(byFriend)).toEqual([friendToDesk]);
    expect(byFriend.items[0]).toMatchObject({ direction: 'OUTGOING', from: { mine: true }, to: { mine: false, userId: owner.id } });
    expect(ids(await page(stranger.user))).toEqual([strangers]);

    const unshared = await call(owner.user, 'POST', '/device/unshare', { shareId });
    expect(unshared.statusCode, unshared.body).toBe(200);
    // after the share: the owner's own session and a third account's on the same device
    const later = await record({ userId: owner.id, deviceId: laptop }, { userId: owner.id, deviceId: desk }, { permission: 'OWN' });
    const thirdOnDesk = await record({ userId: stranger.id, deviceId: strangerPc }, { userId: owner.id, deviceId: desk });

    expect(ids(await page(friend.user))).toEqual([friendToDesk]);
    expect(ids(await page(friend.user, `?deviceId=${desk}`))).toEqual([friendToDesk]);
    expect(ids(await page(owner.user))).toEqual([friendToDesk, ownToOwn, later, thirdOnDesk]);
    expect(ids(await page(stranger.user))).toEqual([strangers, thirdOnDesk]);
    // the live view follows the same rule
    const live = await record(
      { userId: owner.id, deviceId: laptop },
      { userId: owner.id, deviceId: desk },
      { status: 'LIVE', ended_at: null, end_reason: null },
    );
    const liveAnswer = await call(friend.user, 'GET', '/session/live');
    expect((liveAnswer.json() as { data: { items: SessionRecord[] } }).data.items).toEqual([]);
    const ownerLive = await call(owner.user, 'GET', '/session/live');
    expect(ids((ownerLive.json() as { data: { items: SessionRecord[] } }).data)).toEqual([live]);
  });

  it('lists the plan’s window: 7 days on the free plan, 180 on Pro', async () => {
    const owner = await account();
    const other = await account();
    const pc = await device(owner.user, 'PC');
    const otherPc = await device(other.user, 'Other');
    const at = (days: number) => ({ started_at: toDbDate(Date.now() - days * DAY) });
    const sixDays = await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: pc }, at(6.9));
    const eightDays = await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: pc }, at(8));
    const outgoing = await record({ userId: owner.id, deviceId: pc }, { userId: other.id, deviceId: otherPc }, at(179));
    await record({ userId: owner.id, deviceId: pc }, { userId: other.id, deviceId: otherPc }, at(181));

    const free = await page(owner.user);
    expect(free.historyDays).toBe(7);
    expect(ids(free)).toEqual([sixDays]);

    await usePlan(owner.id, 'PRO');
    const pro = await page(owner.user);
    expect(pro.historyDays).toBe(180);
    expect(ids(pro)).toEqual([sixDays, eightDays, outgoing]);
    // the other account is on the free plan: the same records, its own window
    expect(ids(await page(other.user))).toEqual([sixDays]);
  });

  it('widens a free account’s window to 180 days when the list is filtered to its device with a running MEMBER seat', async () => {
    const owner = await account();
    const other = await account();
    const seated = await device(owner.user, 'Seated PC');
    const plain = await device(owner.user, 'Plain PC');
    const otherPc = await device(other.user, 'Other');
    const at = (days: number) => ({ started_at: toDbDate(Date.now() - days * DAY) });
    const seatedOld = await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: seated }, at(30));
    await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: seated }, at(181));
    const plainOld = await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: plain }, at(30));
    const grant = await createSeats(
      ctx.database.db,
      {
        ownerId: owner.id,
        orderId: `order-${newId()}`,
        orderItemId: `item-${newId()}`,
        kind: 'MEMBER',
        count: 1,
        startsAt: new Date(Date.now() - DAY),
        expiresAt: new Date(Date.now() + 30 * DAY),
      },
      new Date(),
    );
    const assigned = await call(owner.user, 'POST', '/seat/assign', { seatId: grant.seatIds[0], deviceId: seated });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // the seated device's own list: 180 days, the record of day 181 is out
    const filtered = await page(owner.user, `?deviceId=${seated}`);
    expect(filtered.historyDays).toBe(180);
    expect(ids(filtered)).toEqual([seatedOld]);
    // the device without a seat, and the unfiltered list, keep the free plan's 7 days
    const plainPage = await page(owner.user, `?deviceId=${plain}`);
    expect(plainPage.historyDays).toBe(7);
    expect(ids(plainPage)).not.toContain(plainOld);
    const all = await page(owner.user);
    expect(all.historyDays).toBe(7);
    expect(ids(all)).toEqual([]);
  });

  it('pages newest first along the keyset cursor, with next null on the last page', async () => {
    const owner = await account();
    const other = await account();
    const pc = await device(owner.user, 'PC');
    const otherPc = await device(other.user, 'Other');
    const written: string[] = [];
    // incoming and outgoing interleaved, so each page merges both sides
    for (let i = 0; i < 7; i++)
      written.push(
        i % 2 === 0
          ? await record({ userId: other.id, deviceId: otherPc }, { userId: owner.id, deviceId: pc })
          : await record({ userId: owner.id, deviceId: pc }, { userId: other.id, deviceId: otherPc }),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const answer: Page = await page(owner.user, `?pageSize=3${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      sizes.push(answer.items.length);
      seen.push(...ids(answer));
      cursor = answer.next;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(written);

    // the same request 20 times at once: the same answer each time
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(owner.user, 'GET', '/session/list?pageSize=3')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(ids((res.json() as { data: Page }).data)))).size).toBe(1);
  });

  it('reads at most 2,000 records of a side for a device filter, says how far it searched, and the walk misses nothing', async () => {
    const owner = await account();
    const other = await account();
    const pc = await device(owner.user, 'PC');
    const pc2 = await device(owner.user, 'PC 2');
    const otherPc = await device(other.user, 'Other');
    // 5,000 records newest first, two in three incoming: the owner's side holds 3,334 of them, the controller's 1,666
    const matching = new Set([5, 1990, 2010, 3001, 4100, 4998]);
    const rows: ConnectionSessionsTable[] = [];
    const base = Date.now() - 60_000;
    for (let i = 0; i < 5_000; i++) {
      const incoming = i % 3 !== 0;
      const mine = matching.has(i) ? pc2 : pc;
      const at = toDbDate(base - i * 1000);
      rows.push({
        id: newId(),
        owner_user_id: incoming ? owner.id : other.id,
        controller_user_id: incoming ? other.id : owner.id,
        from_device_id: incoming ? otherPc : mine,
        to_device_id: incoming ? mine : otherPc,
        from_device_name: 'From',
        to_device_name: 'To',
        from_client_type: 'WIN',
        to_client_type: 'WIN',
        from_app_version: '1.4.2',
        to_app_version: '1.4.2',
        from_ip: '203.0.113.7',
        from_country: 'US',
        to_ip: '198.51.100.7',
        to_country: 'CN',
        permission: 'CONTROL',
        kind: 'CONTROL',
        status: 'ENDED',
        refusal: null,
        alive_at: at,
        ended_at: toDbDate(base - i * 1000 + 500),
        end_reason: 'NORMAL',
        ended_by_user_id: null,
        duration_seconds: null,
        bytes: null,
        files_count: 0,
        alarm: 0,
        expires_at: toDbDate(Date.now() + 180 * DAY),
        started_at: at,
      });
    }
    for (let at = 0; at < rows.length; at += 500)
      await sessionsTables(ctx.database.db)
        .insertInto('connection_sessions')
        .values(rows.slice(at, at + 500))
        .execute();
    const expected = rows.filter((_, i) => matching.has(i)).map((row) => row.id);

    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const answer: Page = await page(owner.user, `?deviceId=${pc2}&pageSize=50${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      pages.push(answer);
      cursor = answer.next;
    } while (cursor && pages.length < 10);
    expect(pages.flatMap(ids)).toEqual(expected);
    // the owner's side has 3,334 records: the first page stops at its 2,000th (index 2,999) and says so
    expect(pages[0]!.searchedTo).toBe(new Date(Date.parse(rows[2_999]!.started_at)).toISOString());
    expect(ids(pages[0]!)).toEqual([rows[5]!.id, rows[1_990]!.id, rows[2_010]!.id]);
    expect(pages.map((one) => one.items.length)).toEqual([3, 3]);
    // the last page read the rest without reaching the bound: no searchedTo, no next
    expect(pages[1]!.searchedTo).toBeNull();
    expect(pages[1]!.next).toBeNull();

    // an unfiltered page is exact and full, without the bound
    const plain = await page(owner.user, '?pageSize=50');
    expect(plain.items).toHaveLength(50);
    expect(plain.searchedTo).toBeNull();
    expect(ids(plain)).toEqual(rows.slice(0, 50).map((row) => row.id));
  });

  it('filters by device, direction, person, kind, days in a zone, refused and live', async () => {
    const owner = await account();
    const alice = await account();
    const bob = await account();
    await ctx.database.db.updateTable('users').set({ nickname: 'Zhang Wei' }).where('id', '=', bob.id).execute();
    const desk = await device(owner.user, 'Desk');
    const nas = await device(owner.user, 'NAS');
    const alicePc = await device(alice.user, 'Alice PC');
    const bobPc = await device(bob.user, 'Bob PC');

    const aliceToDesk = await record({ userId: alice.id, deviceId: alicePc }, { userId: owner.id, deviceId: desk }, { kind: 'VIEW' });
    const bobToNas = await record(
      { userId: bob.id, deviceId: bobPc },
      { userId: owner.id, deviceId: nas },
      { kind: 'FILE_TRANSFER', status: 'REFUSED', refusal: 'PERMISSION', ended_at: null, end_reason: null, bytes: null },
    );
    const deskToAlice = await record({ userId: owner.id, deviceId: desk }, { userId: alice.id, deviceId: alicePc }, { kind: 'TERMINAL' });
    const liveFromBob = await record(
      { userId: bob.id, deviceId: bobPc },
      { userId: owner.id, deviceId: desk },
      { status: 'LIVE', ended_at: null, end_reason: null },
    );

    expect(ids(await page(owner.user, `?deviceId=${desk}`))).toEqual([aliceToDesk, deskToAlice, liveFromBob]);
    expect(ids(await page(owner.user, `?deviceId=${nas}`))).toEqual([bobToNas]);
    expect(ids(await page(owner.user, '?direction=INCOMING'))).toEqual([aliceToDesk, bobToNas, liveFromBob]);
    expect(ids(await page(owner.user, '?direction=OUTGOING'))).toEqual([deskToAlice]);
    expect(ids(await page(owner.user, `?person=${alice.id}`))).toEqual([aliceToDesk, deskToAlice]);
    expect(ids(await page(owner.user, `?person=${encodeURIComponent(alice.user.username.slice(-6).toUpperCase())}`))).toEqual([
      aliceToDesk,
      deskToAlice,
    ]);
    expect(ids(await page(owner.user, '?person=wei'))).toEqual([bobToNas, liveFromBob]);
    expect(ids(await page(owner.user, '?person=nobody-like-this'))).toEqual([]);
    expect(ids(await page(owner.user, '?kind=TERMINAL'))).toEqual([deskToAlice]);
    expect(ids(await page(owner.user, '?refused=true'))).toEqual([bobToNas]);
    expect(ids(await page(owner.user, '?live=true'))).toEqual([liveFromBob]);
    expect(ids(await page(owner.user, '?live=true&direction=OUTGOING'))).toEqual([]);

    // a day in a zone: 23:30 on 1 December in Shanghai is 15:30 UTC; in New York it is 1 December until 05:00 UTC on the 2nd
    const late = await record(
      { userId: alice.id, deviceId: alicePc },
      { userId: owner.id, deviceId: desk },
      { started_at: toDbDate(Date.now() - 2 * DAY) },
    );
    const day = new Date(Date.now() - 2 * DAY);
    const shanghaiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(day);
    const inDay = await page(owner.user, `?since=${shanghaiDay}&until=${shanghaiDay}&tz=Asia/Shanghai`);
    expect(ids(inDay)).toEqual([late]);
    const afterDay = new Date(Date.parse(`${shanghaiDay}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(ids(await page(owner.user, `?since=${afterDay}&until=${afterDay}&tz=Asia/Shanghai`))).toEqual([]);
  });

  it('reads a day in a zone from its own midnight, across a change of summer time', () => {
    expect(zonedDayStart('2026-12-01', 'Asia/Shanghai').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(zonedDayStart('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // New York's clocks go back on 1 November 2026: that day is 25 hours long
    expect(zonedDayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(zonedDayStart('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(zonedDayStart('2026-12-01', 'Asia/Kolkata').toISOString()).toBe('2026-11-30T18:30:00.000Z');
  });

  it('masks addresses, names the sides, says the refusal in the caller’s language and carries files and notes', async () => {
    const owner = await account();
    const guest = await account();
    const pc = await device(owner.user, 'PC');
    const guestPc = await device(guest.user, 'Guest PC');
    const withFiles = await record(
      { userId: guest.id, deviceId: guestPc },
      { userId: owner.id, deviceId: pc },
      { end_reason: 'DISCONNECTED_BY_OWNER', ended_by_user_id: owner.id, duration_seconds: 75, files_count: 2 },
    );
    const refused = await record(
      { userId: guest.id, deviceId: guestPc },
      { userId: owner.id, deviceId: pc },
      { status: 'REFUSED', refusal: 'POLICY', ended_at: null, end_reason: null, bytes: null, alarm: 1 },
    );
    // an erased account: its id is gone from the record
    const erased = await record({ userId: null, deviceId: null }, { userId: owner.id, deviceId: pc }, { from_ip: null });
    const stamp = toDbDate(Date.now());
    await sessionsTables(ctx.database.db)
      .insertInto('connection_session_files')
      .values([
        {
          id: newId(),
          session_id: withFiles,
          event_key: 'a',
          direction: 'SENT',
          name: 'report.pdf',
          size_bytes: 2048,
          sha256: null,
          created_at: stamp,
        },
        {
          id: newId(),
          session_id: withFiles,
          event_key: 'b',
          direction: 'RECEIVED',
          name: '照片.jpg',
          size_bytes: 4096,
          sha256: 'ab'.repeat(32),
          created_at: stamp,
        },
      ])
      .execute();
    await sessionsTables(ctx.database.db)
      .insertInto('connection_session_notes')
      .values({ session_id: withFiles, side: 'CONTROLLER', author_user_id: guest.id, text: 'Fixed the printer', created_at: stamp })
      .execute();

    const zh = await page(owner.user, '', 'zh-CN');
    const [first, second, third] = zh.items;
    expect(ids(zh)).toEqual([withFiles, refused, erased]);
    expect(first).toMatchObject({
      from: { userId: guest.id, userName: guest.user.username, address: '203.0.113.x', country: 'US', deviceName: 'Laptop' },
      to: { userId: owner.id, address: '2001:db8:85a3:…', mine: true },
      durationSeconds: 75,
      endReason: 'DISCONNECTED_BY_OWNER',
      endedBy: { userId: owner.id, name: owner.user.username },
      refusal: null,
      refusalMessage: null,
      notes: [{ side: 'CONTROLLER', text: 'Fixed the printer' }],
      alarm: false,
    });
    expect(first!.files.map((file) => [file.direction, file.name, file.sizeBytes])).toEqual([
      ['SENT', 'report.pdf', 2048],
      ['RECEIVED', '照片.jpg', 4096],
    ]);
    expect(second).toMatchObject({ status: 'REFUSED', refusal: 'POLICY', alarm: true, durationSeconds: null, files: [], notes: [] });
    expect(second!.refusalMessage).toMatch(/[\u4e00-\u9fff]/);
    expect((await page(owner.user, '', 'ko')).items[1]!.refusalMessage).toMatch(/[\uac00-\ud7af]/);
    expect(third!.from).toMatchObject({ userId: null, userName: '已注销的账号', address: null });
    expect((await page(owner.user, '', 'en')).items[2]!.from.userName).toBe('Deleted account');
  });

  it('masks IPv4, IPv4-mapped and IPv6 addresses', () => {
    expect(maskAddress('198.51.100.23')).toBe('198.51.100.x');
    expect(maskAddress('::ffff:198.51.100.23')).toBe('198.51.100.x');
    expect(maskAddress('2001:DB8:0:1::7')).toBe('2001:db8:0:…');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8:0:…');
    expect(maskAddress(null)).toBeNull();
  });

  it('answers bad input with the validation envelope in the caller’s language, and asks for a sign-in', async () => {
    const { user } = await account();
    for (const query of [
      '?pageSize=101',
      '?pageSize=0',
      '?before=nonsense',
      '?direction=SIDEWAYS',
      '?since=2026-1-1',
      '?tz=Mars/Olympus',
    ]) {
      const res = await call(user, 'GET', `/session/list${query}`, undefined, 'zh-CN');
      expect(res.statusCode, query).toBe(400);
      const answer = res.json() as { errcode: number; errmsg: string };
      expect(answer.errcode, query).not.toBe(0);
      expect(answer.errmsg, query).toMatch(/[\u4e00-\u9fff]/);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/session/list' });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/session/live' })).statusCode).toBe(401);
  });
});
