import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { getContractMessages } from '@llk/contracts';
import { SESSION_CSV_COLUMNS, SESSION_TEXTS } from '../../apps/api/src/modules/sessions/session-csv.texts';
import { connect, keepLiveSessions, runSession, simulateSessions, updateSession } from '../../apps/api/tools/sessions-simulate';
import { apiBase, createUser, uniqueUsername, writesIn } from '../support/accounts';
import { DESKTOP, PHONE, type TViewport, ZONES, messagesOf, openAccountPage, outboxFor, simulatedAccount } from '../support/connections';
import { type TLocale } from '../support/site';

// The connection records as a person meets them, with sessions reported the way the apps do
// (`npm run devices:simulate`'s own functions): the history with its finished, refused and live
// records, filtered by device and to refused attempts only, and its CSV in the page's language
// and the browser's zone; a live session disconnected from the page, which the controlling app
// learns from its next heartbeat and cannot resume; a device shared with a friend whose device
// connects to it, seen as outgoing by the friend and incoming by the owner; and an access alert
// switched on for that device, which sends the owner an email and rings the header's bell.
// One journey of each per language: zh-CN at phone size, en and ko on the desktop.

const journeys: { locale: TLocale; viewport: TViewport }[] = [
  { locale: 'zh-CN', viewport: PHONE },
  { locale: 'en', viewport: DESKTOP },
  { locale: 'ko', viewport: DESKTOP },
];

const connectionsTexts = (locale: TLocale) => {
  const t = messagesOf(locale, 'connections.json');
  return (key: string, values?: Record<string, string | number>) => t(`AccountConnections.${key}`, values);
};

const rows = (page: Page) => page.getByTestId('connections-list').getByTestId('session');
const statuses = async (page: Page) =>
  (await rows(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).sort();

/** The filters: folded behind their button on a phone, beside the list on the desktop. */
async function showFilters(page: Page, viewport: TViewport): Promise<void> {
  if (viewport.width < 600 && !(await page.getByTestId('connections-filters').isVisible()))
    await page.getByTestId('connections-filters-toggle').click();
  await expect(page.getByTestId('connections-filters')).toBeVisible();
}

for (const { locale, viewport } of journeys) {
  test(
    `${locale} ${viewport.width}×${viewport.height}: the history with its refused and live records, filtered, as CSV, and a live session disconnected`,
    writesIn(locale, 'en'),
    async ({ browser, request }) => {
      test.setTimeout(150_000);
      const t = connectionsTexts(locale);
      const errors = getContractMessages(locale).errors;
      const user = await createUser(request);
      const owner = await simulatedAccount(user, locale, `conn-${user.username}`, 4);
      // four devices, the third silent: three finished sessions between the others, the silent
      // one refused by its policy, one live session and a second refused by the free plan's limit
      const simulated = await simulateSessions({ ...owner.api, devices: owner.devices });
      expect(simulated.finished).toHaveLength(3);
      expect(simulated.live).toHaveLength(1);
      expect(simulated.refused.map((refusal) => refusal.reason)).toEqual(['POLICY', 'SESSION_LIMIT']);
      const live = simulated.live[0]!;
      const quiet = owner.devices[2]!;

      const page = await openAccountPage(browser, owner.user, locale, viewport, '/account/connections');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => statuses(page)).toEqual(['ENDED', 'ENDED', 'ENDED', 'LIVE', 'REFUSED', 'REFUSED']);
      // all between the account's own devices; the refusal in words; the live one at the top too
      expect(await rows(page).evaluateAll((items) => [...new Set(items.map((item) => item.getAttribute('data-direction')))])).toEqual([
        'BETWEEN_OWN',
      ]);
      await expect(rows(page).filter({ has: page.getByTestId('session-refused') })).toHaveCount(2);
      await expect(page.getByTestId('session-refused').getByText(t('row.refusedBecause', { reason: errors.connectPolicy }))).toHaveCount(1);
      await expect(page.getByTestId('live-sessions').getByTestId('live-session')).toHaveCount(1);
      await expect(page.getByTestId('live-session')).toHaveAttribute('data-session-id', live.sessionId);
      // the first finished session with its two files and its end in words
      const first = rows(page).and(page.locator(`[data-session-id="${simulated.finished[0]!.sessionId}"]`));
      await expect(first.getByTestId('session-file')).toHaveCount(2);
      await expect(first.getByTestId('session-end')).toHaveText(t('endReasons.NORMAL'));
      await expect(page.getByTestId('connections-history-days')).toContainText(t('historyDays', { days: 7 }));

      // By device: the silent one took part in its refused attempt only.
      await showFilters(page, viewport);
      await page.getByTestId('connections-filters').locator('select[name="deviceId"]').selectOption(quiet.id);
      await expect.poll(() => statuses(page)).toEqual(['REFUSED']);
      await expect(page).toHaveURL(new RegExp(`deviceId=${quiet.id}`));
      // the same filter opened from a link (the device's "All sessions of this device")
      await page.reload();
      await expect.poll(() => statuses(page)).toEqual(['REFUSED']);
      await showFilters(page, viewport);
      await page.getByTestId('connections-filters').locator('select[name="deviceId"]').selectOption('');
      // Refused attempts only: the policy's and the plan limit's.
      await page.getByTestId('connections-refused').check();
      await expect.poll(() => statuses(page)).toEqual(['REFUSED', 'REFUSED']);
      await page.getByTestId('connections-clear').click();
      await expect.poll(() => statuses(page)).toHaveLength(6);

      // The CSV: every record, a header in the page's language, times on the browser's clock.
      const download = page.waitForEvent('download');
      await page.getByTestId('connections-export').click();
      const csv = readFileSync((await (await download).path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
      expect(lines).toHaveLength(6);
      expect(header).toBe(SESSION_CSV_COLUMNS.map((column) => `"${SESSION_TEXTS[locale].columns[column]}"`).join(','));
      const offset = ZONES[locale]!.offset.replace('+', '\\+');
      for (const line of lines) expect(line).toMatch(new RegExp(`^"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${offset}\\)"`));
      expect(lines.filter((line) => line.includes(`"${SESSION_TEXTS[locale].statuses.REFUSED}"`))).toHaveLength(2);

      // Disconnect the live session: asked to confirm, then it leaves the "now" list.
      await page.getByTestId('live-session').getByTestId('session-disconnect').click();
      await page.getByTestId('disconnect-confirm').click();
      await expect(page.getByTestId('live-session')).toHaveCount(0);
      await expect(page.getByTestId('live-empty')).toHaveText(t('live.empty'));
      // The controlling app's next heartbeat carries it; the app closes it and stops listing it.
      const told: string[] = [];
      const beat = await keepLiveSessions(owner.api, simulated.live, (line) => told.push(line));
      expect(beat.answers.get(live.from.id)?.disconnect).toEqual([live.sessionId]);
      expect(beat.disconnected.map((session) => session.sessionId)).toEqual([live.sessionId]);
      expect(beat.live).toEqual([]);
      expect(told).toEqual([`session ${live.sessionId} disconnected by its owner`]);
      // A disconnected session does not resume: a report on it answers CONNECTION_ENDED.
      const update = await updateSession(owner.api, live.sessionId, { bytes: 1024 });
      expect(update.errmsg).toBe(errors.connectionEnded);
      // The row says who disconnected it, in words.
      await page.reload();
      const ended = page.getByTestId('connections-list').locator(`[data-session-id="${live.sessionId}"]`);
      await expect(ended).toHaveAttribute('data-status', 'ENDED');
      await expect(ended.getByTestId('session-end')).toHaveText(t('row.endedBy', { name: owner.user.username }));
      await page.context().close();
    },
  );

  test(
    `${locale} ${viewport.width}×${viewport.height}: a shared device's session seen from both sides, and its access alert in the outbox and the bell`,
    writesIn(locale, 'ko'),
    async ({ browser, request }) => {
      test.setTimeout(150_000);
      const t = connectionsTexts(locale);
      const email = `${uniqueUsername()}@example.com`;
      const [ownerUser, friendUser] = await Promise.all([createUser(request, { email }), createUser(request)]);
      const owner = await simulatedAccount(ownerUser, locale, `conn-${ownerUser.username}`, 1);
      const friend = await simulatedAccount(friendUser, locale, `conn-${friendUser.username}`, 1);
      const shared = owner.devices[0]!;
      const friendDevice = friend.devices[0]!;
      const share = await request.post(`${apiBase}/device/share`, {
        headers: { authorization: owner.token },
        data: { deviceId: shared.id, account: friendUser.username, permission: 'CONTROL' },
      });
      expect((await share.json()).errcode).toBe(0);

      // The owner asks to be told, by email and in the header, when someone connects to it.
      const devicesPage = await openAccountPage(browser, ownerUser, locale, viewport, '/account/devices');
      await devicesPage.getByTestId('device-sessions-open').click();
      const dialog = devicesPage.getByTestId('device-sessions-dialog');
      await dialog.getByTestId('alert-email').check();
      await dialog.getByTestId('alert-header').check();
      await dialog.getByTestId('alert-save').click();
      await expect(dialog.getByTestId('alert-saved')).toHaveText(t('device.saved'));

      // The friend's device connects to the shared one: a session with a file and a note.
      const check = await connect(friend.api, friendDevice, shared);
      expect(check).toMatchObject({ allowed: true, reason: null });
      const outcome = await runSession(friend.api, friendDevice, shared, {
        kind: 'CONTROL',
        files: [{ direction: 'SENT', name: 'report-2026.pdf', sizeBytes: 120_400 }],
        note: 'Checked the backup settings.',
        reason: 'NORMAL',
        durationSeconds: 180,
        bytes: 2_048_000,
      });
      // the repeated check while the session is live answered the same record
      expect('session' in outcome && outcome.session.sessionId).toBe(check.sessionId);
      const sessionId = check.sessionId!;

      // The email is in the outbox, once, naming the device.
      await expect
        .poll(async () => (await outboxFor(devicesPage, email)).filter((mail) => mail.purpose === 'DEVICE_ACCESSED').length)
        .toBe(1);
      const [mail] = (await outboxFor(devicesPage, email)).filter((message) => message.purpose === 'DEVICE_ACCESSED');
      // the simulator names its devices after their client types, in the contracts' order
      expect(mail!.subject).toContain('Android phone 1');
      await devicesPage.context().close();

      // The friend sees it as outgoing, to the owner's device; the owner as incoming, from the friend.
      const friendPage = await openAccountPage(browser, friendUser, locale, viewport, '/account/connections');
      const friendRow = friendPage.locator(`[data-testid="session"][data-session-id="${sessionId}"]`);
      await expect(friendRow).toHaveAttribute('data-direction', 'OUTGOING');
      await expect(friendRow.getByTestId('session-direction')).toHaveText(t('directions.OUTGOING'));
      await expect(friendRow.getByTestId('session-who')).toHaveText(ownerUser.username);
      await expect(friendRow.getByTestId('session-file')).toHaveCount(1);
      await expect(friendPage.getByTestId('session')).toHaveCount(1);
      await friendPage.context().close();

      const ownerPage = await openAccountPage(browser, ownerUser, locale, viewport, '/account/connections');
      const ownerRow = ownerPage.locator(`[data-testid="session"][data-session-id="${sessionId}"]`);
      await expect(ownerRow).toHaveAttribute('data-direction', 'INCOMING');
      await expect(ownerRow.getByTestId('session-direction')).toHaveText(t('directions.INCOMING'));
      await expect(ownerRow.getByTestId('session-who')).toHaveText(friendUser.username);
      await expect(ownerRow.getByTestId('session-end')).toHaveText(t('endReasons.NORMAL'));
      // …and the header's bell counts one notification (the page asks again when loaded)
      await expect(async () => {
        await ownerPage.reload();
        await expect(ownerPage.getByTestId('notifications-count')).toHaveText('1', { timeout: 3000 });
      }).toPass({ timeout: 30_000 });
      await ownerPage.context().close();
    },
  );
}
