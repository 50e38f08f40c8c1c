'use client';

import type { TAdminSetupLink, TAdminStaffMember } from '@llk/contracts';
import { STAFF_ROLES, type TStaffRole } from '@llk/contracts/admin-roles';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useAction } from '@/lib/use-action';

// The staff page (OWNER): create a member (→ their one-time set-up link), change a role, lock or
// unlock, reset password and authenticator (→ a new link). The API refuses changes to oneself.

type TPending = { kind: 'lock' | 'reset'; member: TAdminStaffMember } | null;

export function StaffManager({ initial, selfId }: { initial: TAdminStaffMember[]; selfId: string }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminStaff');
  const shell = useTranslations('AdminShell');
  const locale = useLocale();
  const [members, setMembers] = useState(initial);
  const [link, setLink] = useState<TAdminSetupLink | null>(null);
  const { busy, run } = useAction();
  const [pending, setPending] = useState<TPending>(null);
  const roleName = (role: string) => shell(`roles.${role}`);

  const replace = (member: TAdminStaffMember) => setMembers((list) => list.map((item) => (item.id === member.id ? member : item)));
  const reload = async () => setMembers((await adminApi.get<{ items: TAdminStaffMember[] }>('/staff')).items);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    // the client showed the API's message
    await run(async () => {
      const created = await adminApi.post<TAdminSetupLink>('/staff', {
        body: { username: String(form.get('username') ?? '').trim(), role: String(form.get('role')) },
      });
      setLink(created);
      formElement.reset();
      await reload();
    });
  }

  async function changeRole(member: TAdminStaffMember, role: TStaffRole) {
    try {
      replace(await adminApi.put<TAdminStaffMember>(`/staff/${member.id}/role`, { body: { role } }));
      toast.success(t('saved'));
    } catch {
      await reload();
    }
  }

  async function unlock(member: TAdminStaffMember) {
    try {
      replace(await adminApi.post<TAdminStaffMember>(`/staff/${member.id}/unlock`, { body: {} }));
      toast.success(t('saved'));
    } catch {
      // toasted
    }
  }

  async function confirmPending(reason: string) {
    if (!pending) return;
    const body = reason ? { reason } : {};
    // toasted
    await run(async () => {
      if (pending.kind === 'lock') replace(await adminApi.post<TAdminStaffMember>(`/staff/${pending.member.id}/lock`, { body }));
      else {
        setLink(await adminApi.post<TAdminSetupLink>(`/staff/${pending.member.id}/reset-totp`, { body }));
        await reload();
      }
      setPending(null);
      toast.success(t('saved'));
    });
  }

  return (
    <div className="mt-6 flex flex-col gap-8">
      <section aria-labelledby="staff-create" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
        <h2 id="staff-create" className="text-lg font-semibold text-ink">
          {t('createTitle')}
        </h2>
        <form className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end" onSubmit={(event) => void create(event)}>
          <Field label={t('username')} className="sm:flex-1">
            {(props) => (
              <input
                {...props}
                name="username"
                required
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className={`${props.className} h-11`}
              />
            )}
          </Field>
          <Field label={t('role')}>
            {(props) => (
              <select {...props} name="role" defaultValue="CONTENT" className={`${props.className} h-11`}>
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleName(role)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? t('creating') : t('create')}
          </Button>
        </form>
        {link ? (
          <div className="mt-4 rounded-control border border-brand-200 bg-brand-50 p-4" data-testid="setup-link">
            <h3 className="font-semibold text-ink">{t('linkTitle', { username: link.username })}</h3>
            <p className="mt-1 text-sm text-ink-soft">
              {t('linkIntro', { username: link.username, expires: formatDateTime(link.setupExpiresAt, locale, zone) })}
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <input
                readOnly
                value={link.setupLink}
                aria-label={t('linkTitle', { username: link.username })}
                className="h-10 min-w-0 flex-1 rounded-control border border-line bg-canvas px-3 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void navigator.clipboard?.writeText(link.setupLink).then(
                    () => toast.success(t('copied')),
                    () => undefined,
                  )
                }
              >
                {t('copy')}
              </Button>
            </div>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="staff-list">
        <h2 id="staff-list" className="text-lg font-semibold text-ink">
          {t('listTitle')}
        </h2>
        {members.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t('empty')}</p>
        ) : (
          <div className="mt-3">
            <Table testId="staff-table">
              <TableHead>
                <Th>{t('columns.username')}</Th>
                <Th>{t('columns.role')}</Th>
                <Th>{t('columns.state')}</Th>
                <Th>{t('columns.createdAt')}</Th>
                <Th>{t('columns.actions')}</Th>
              </TableHead>
              <TableBody>
                {members.map((member) => {
                  const self = member.id === selfId;
                  return (
                    <tr key={member.id} data-testid={`staff-${member.username}`}>
                      <Td className="whitespace-nowrap font-medium text-ink">
                        {member.username}
                        {self ? <span className="ml-2 text-xs text-ink-muted">({t('you')})</span> : null}
                      </Td>
                      <Td>
                        <select
                          aria-label={t('changeRole', { username: member.username })}
                          value={member.role}
                          disabled={self}
                          onChange={(event) => void changeRole(member, event.target.value as TStaffRole)}
                          className="h-9 rounded-control border border-line bg-canvas px-2 text-sm disabled:opacity-70"
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {roleName(role)}
                            </option>
                          ))}
                        </select>
                      </Td>
                      <Td className="whitespace-nowrap">{t(`states.${member.state}`)}</Td>
                      <Td className="whitespace-nowrap">{formatDateTime(member.createdAt, locale, zone)}</Td>
                      <Td>
                        {self ? null : (
                          <div className="flex gap-2 whitespace-nowrap">
                            {member.state === 'LOCKED' ? (
                              <Button variant="secondary" size="sm" onClick={() => void unlock(member)}>
                                {t('unlock')}
                              </Button>
                            ) : (
                              <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'lock', member })}>
                                {t('lock')}
                              </Button>
                            )}
                            <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'reset', member })}>
                              {t('resetTotp')}
                            </Button>
                          </div>
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </section>

      <ReasonDialog
        open={pending !== null}
        title={
          pending
            ? pending.kind === 'lock'
              ? t('confirmLock', { username: pending.member.username })
              : t('confirmReset', { username: pending.member.username })
            : ''
        }
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('confirm')}
        busy={busy}
        danger
        reasonRequired={false}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => void confirmPending(reason)}
      />
    </div>
  );
}
