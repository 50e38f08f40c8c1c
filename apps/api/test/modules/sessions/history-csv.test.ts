import { describe, expect, it } from 'vitest';
import { newId, toDbDate } from '../../../src/infrastructure/db/dialect';
import { CSV_PAGE_ROWS, SESSION_CSV_COLUMNS, SESSION_TEXTS, sessionCsvChunks } from '../../../src/modules/sessions/session-csv';
import { resolveHistory } from '../../../src/modules/sessions/session-history';
import { type ConnectionSessionsTable, sessionsTables } from '../../../src/modules/sessions/sessions.tables';
import { newIp, signUp } from '../../accounts';
import { testDialects, useTestApp } from '../../helper';

// GET /session/export: every record of the filters, streamed page by page along the keyset
// cursor, with the header in the caller's language and times on the asked clock with its offset.

const ROWS = 2000;
const MINUTE = 60_000;

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(testDialects())('connection history CSV ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);

  const account = async () => {
    const user = await signUp(ctx.app);
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    return { user, id: row.id };
  };
  const exportCsv = (user: User, query: string, locale = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: `/session/export${query}`,
      headers: { authorization: user.token, 'accept-language': locale },
      remoteAddress: newIp(),
    });

  // one account with 2,000 records a minute apart, half incoming and half outgoing, the newest an hour ago
  let seeded: { user: User; id: string } | undefined;
  let newest = 0;
  const seed = async () => {
    if (seeded) return seeded;
    const owner = await account();
    const other = await account();
    newest = Math.floor((Date.now() - 60 * MINUTE) / MINUTE) * MINUTE;
    const rows: ConnectionSessionsTable[] = Array.from({ length: ROWS }, (_, i) => {
      const at = toDbDate(newest - i * MINUTE);
      const incoming = i % 2 === 0;
      return {
        id: newId(),
        owner_user_id: incoming ? owner.id : other.id,
        controller_user_id: incoming ? other.id : owner.id,
        from_device_id: null,
        to_device_id: null,
        from_device_name: `From ${i}`,
        to_device_name: `To ${i}`,
        from_client_type: 'WIN',
        to_client_type: 'MAC',
        from_app_version: null,
        to_app_version: null,
        from_ip: '198.51.100.20',
        from_country: 'KR',
        to_ip: null,
        to_country: 'CN',
        permission: 'CONTROL',
        kind: i % 3 === 0 ? 'FILE_TRANSFER' : 'CONTROL',
        status: 'ENDED',
        refusal: null,
        started_at: at,
        alive_at: at,
        ended_at: toDbDate(newest - i * MINUTE + 30_000),
        end_reason: 'NORMAL',
        ended_by_user_id: null,
        duration_seconds: 30,
        bytes: 1000 + i,
        files_count: 0,
        alarm: 0,
        expires_at: toDbDate(Date.now() + 7 * 24 * 60 * MINUTE),
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await sessionsTables(ctx.database.db)
        .insertInto('connection_sessions')
        .values(rows.slice(i, i + 100))
        .execute();
    seeded = owner;
    return owner;
  };

  const linesOf = (text: string) => text.split('\r\n').slice(0, -1);

  it('streams all 2,000 rows, the header in zh-CN and ko, times in the asked zone with its offset', async () => {
    const { user } = await seed();
    const zh = await exportCsv(user, '?tz=Asia/Seoul', 'zh-CN');
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zh.headers['content-disposition']).toBe('attachment; filename="connections.csv"');
    expect(zh.body.startsWith('\uFEFF')).toBe(true);
    const lines = linesOf(zh.body.slice(1));
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe(SESSION_CSV_COLUMNS.map((column) => `"${SESSION_TEXTS['zh-CN'].columns[column]}"`).join(','));
    expect(lines[0]).toContain('"开始时间"');
    // newest first, each row whole: Seoul is UTC+9 all year
    const seoul = (at: number) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Asia/Seoul',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(at);
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (UTC+9)`;
    };
    expect(lines[1]!.startsWith(`"${seoul(newest)}","${seoul(newest + 30_000)}","30","已结束","传入","文件传输"`)).toBe(true);
    expect(lines[ROWS]!).toContain(`"${seoul(newest - (ROWS - 1) * MINUTE)}"`);
    expect(lines[ROWS]!).toContain('"From 1999"');
    expect(lines.slice(1).every((line) => line.split('","').length === SESSION_CSV_COLUMNS.length)).toBe(true);
    expect(lines[1]).toContain('"198.51.100.x"');

    const ko = await exportCsv(user, '?tz=Asia/Seoul&locale=ko', 'en');
    const koLines = linesOf(ko.body.slice(1));
    expect(koLines).toHaveLength(ROWS + 1);
    expect(koLines[0]).toBe(SESSION_CSV_COLUMNS.map((column) => `"${SESSION_TEXTS.ko.columns[column]}"`).join(','));
    expect(koLines[0]).toContain('"시작 시간"');
    expect(koLines[2]).toContain('"발신"');
  });

  it('applies the list’s filters to the file', async () => {
    const { user } = await seed();
    const outgoing = await exportCsv(user, '?direction=OUTGOING&kind=FILE_TRANSFER&tz=UTC');
    const lines = linesOf(outgoing.body.slice(1));
    // odd rows are outgoing, every third row is a file transfer: the odd multiples of 3 below 2,000
    expect(lines).toHaveLength(1 + 333);
    expect(lines.slice(1).every((line) => line.includes('"Outgoing","File transfer"') && line.includes('(UTC)'))).toBe(true);
  });

  it('reads the records a page at a time along the cursor, never all at once', async () => {
    const { id } = await seed();
    const caller = { userId: id, locale: 'en' as const, t: (key: string) => key };
    const resolved = await resolveHistory(ctx.database.db, caller, { tz: 'UTC' });
    const chunks: string[] = [];
    for await (const chunk of sessionCsvChunks(ctx.database.db, caller, resolved)) chunks.push(chunk);
    // the header, then one chunk per page of 500 records
    expect(CSV_PAGE_ROWS).toBe(500);
    expect(chunks).toHaveLength(1 + ROWS / CSV_PAGE_ROWS);
    expect(chunks.slice(1).map((chunk) => linesOf(chunk).length)).toEqual([500, 500, 500, 500]);
    // a small page size walks the same rows in the same order
    const small: string[] = [];
    for await (const chunk of sessionCsvChunks(ctx.database.db, caller, resolved, new Date(), 50)) small.push(chunk);
    expect(small.slice(1).join('')).toBe(chunks.slice(1).join(''));
  });

  it('answers a bad query with the validation envelope, never a half-written file', async () => {
    const { user } = await seed();
    const res = await exportCsv(user, '?locale=xx', 'ko');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errmsg: string }).errmsg).toMatch(/[\uac00-\ud7af]/);
    expect((await exportCsv(user, '?tz=Not/AZone')).statusCode).toBe(400);
  });
});
