'use client';

import type { TOrgList } from '@llk/contracts';
import { type FormEvent, useState } from 'react';
import { LocalTime } from '@/components/local-time';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { translator } from '@/lib/texts';
import { useAction } from '@/lib/use-action';
import { roleLabel } from '../join-state';
import { createOrg, failureText, listOrgs } from '../org-api';
import type { TOrgTexts } from '../texts';

// /org: the organisations I belong to (GET /org/list, oldest first, my role in each) and the form
// that creates one (POST /org/create: name and an optional contact email). The API checks both;
// its refusal (a malformed email, a name too long) is shown under the form in the page's language.
// After a create the list is read again, so the new organisation shows as the API has it.

export function OrgPanel({ initial, texts, tag, serverZone }: { initial: TOrgList; texts: TOrgTexts; tag: string; serverZone?: string }) {
  const t = translator(texts.page, tag);
  const [list, setList] = useState(initial.list);
  const [name, setName] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const { busy, run, error } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('list.nameRequired'));
      return;
    }
    setNameError(undefined);
    const email = contactEmail.trim();
    await run(
      async () => {
        await createOrg({ name: trimmed, contactEmail: email ? email : null }, texts.network);
        toast.success(t('list.created', { name: trimmed }));
        setName('');
        setContactEmail('');
        setList((await listOrgs(texts.network)).list);
      },
      { inline: (failure) => failureText(failure, texts.network) },
    );
  }

  return (
    <div className="space-y-8">
      <div>
        {list.length === 0 ? (
          <p
            className="rounded-card border border-dashed border-line p-5 leading-relaxed text-pretty text-ink-muted"
            data-testid="org-empty"
          >
            {t('list.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-card border border-line bg-canvas shadow-card" data-testid="org-list">
            {list.map((org) => (
              <li
                key={org.id}
                className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 p-4 sm:px-5"
                data-testid="org-item"
                data-org-id={org.id}
              >
                <span className="min-w-0 font-semibold break-words text-ink" data-testid="org-name">
                  {org.name}
                </span>
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
                  <span data-testid="org-role">{t('list.role', { role: roleLabel(org.role, t) })}</span>
                  <LocalTime iso={org.joinedAt} languageTag={tag} kind="date" serverZone={serverZone} template={t('list.joined')} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="max-w-xl space-y-4 rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
        aria-labelledby="org-create-heading"
        data-testid="org-create"
      >
        <div>
          <h2 id="org-create-heading" className="text-lg font-semibold text-balance break-keep text-ink">
            {t('list.createTitle')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-pretty text-ink-muted">{t('list.createLede')}</p>
        </div>
        <TextField
          label={t('list.name')}
          name="name"
          value={name}
          maxLength={64}
          autoComplete="organization"
          hint={t('list.nameHint')}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <TextField
          label={t('list.contactEmail')}
          name="contactEmail"
          type="email"
          value={contactEmail}
          autoComplete="email"
          hint={t('list.contactHint')}
          onChange={(event) => setContactEmail(event.target.value)}
        />
        {error ? (
          <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="org-create-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" aria-disabled={busy || undefined} data-testid="org-create-submit" className="w-full sm:w-auto">
          {busy ? t('list.creating') : t('list.create')}
        </Button>
      </form>
    </div>
  );
}
