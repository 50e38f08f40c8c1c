'use client';

import type { TPasskey } from '@llk/contracts';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { addPasskey, listPasskeys, removePasskey, renamePasskey } from '../passkeys-api';
import type { TPasskeysTexts } from '../texts';
import { ceremonyFailure, CeremonyError, webAuthnAvailable } from '../webauthn';

// The security page's passkeys: the list (name, added, last used, synced or on one device),
// add one under a name, rename, remove behind a confirmation. When the browser has no WebAuthn
// the panel says so instead of offering a button that cannot work; a cancelled prompt is a
// quiet note, not an error.

type TState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; passkeys: TPasskey[] };

/** The name rule of the API (contracts ZPasskeyName): trimmed, 1…max characters. */
export function nameError(name: string, max: number): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > max ? 'tooLong' : null;
}

export default function PasskeysPanel({
  texts,
  tag,
  nameMax,
  maxPasskeys,
}: {
  texts: TPasskeysTexts;
  tag: string;
  nameMax: number;
  maxPasskeys: number;
}) {
  const zone = useVisitorZone();
  const t = texts.panel;
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [supported, setSupported] = useState(true);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const load = useCallback(async () => {
    try {
      setState({ kind: 'ready', passkeys: await listPasskeys(texts.network) });
    } catch {
      setState({ kind: 'failed' });
    }
  }, [texts.network]);

  useEffect(() => {
    setSupported(webAuthnAvailable());
    void load();
  }, [load]);

  // The rename field takes the focus when it opens (the button that opened it is gone).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId) listRef.current?.querySelector<HTMLInputElement>('input[name="passkeyName"]')?.focus();
  }, [editingId]);

  const invalid = nameError(name, nameMax);
  const validationText = (key: 'required' | 'tooLong') => texts.validation[key] ?? key;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setNote(null);
    if (invalid || busy) return;
    setBusy('add');
    try {
      const passkey = await addPasskey(name.trim(), texts.network);
      setState((s) => (s.kind === 'ready' ? { ...s, passkeys: [...s.passkeys, passkey] } : s));
      setName('');
      setTouched(false);
      toast.success(t.added ?? '');
    } catch (error) {
      // API refusals were toasted by the API client; the browser's own refusals are said here.
      if (error instanceof CeremonyError) {
        const reason = ceremonyFailure(error);
        if (reason === 'unsupported') setSupported(false);
        else setNote(t[reason] ?? t.failed ?? '');
      }
    } finally {
      setBusy(null);
    }
  }

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing || busy || nameError(editing.name, nameMax)) return;
    setBusy(editing.id);
    try {
      await renamePasskey(editing.id, editing.name.trim(), texts.network);
      const { id } = editing;
      const renamed = editing.name.trim();
      setState((s) => (s.kind === 'ready' ? { ...s, passkeys: s.passkeys.map((p) => (p.id === id ? { ...p, name: renamed } : p)) } : s));
      setEditing(null);
      toast.success(t.renamed ?? '');
    } catch {
      // toasted by the API client
    } finally {
      setBusy(null);
    }
  }

  async function confirmRemove() {
    if (!removing || busy) return;
    const { id } = removing;
    setBusy(id);
    try {
      await removePasskey(id, texts.network);
      setState((s) => (s.kind === 'ready' ? { ...s, passkeys: s.passkeys.filter((p) => p.id !== id) } : s));
      setRemoving(null);
      toast.success(t.removed ?? '');
    } catch {
      await load(); // e.g. removed meanwhile on another device
    } finally {
      setBusy(null);
    }
  }

  const editError = editing ? nameError(editing.name, nameMax) : null;

  return (
    <section
      className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
      aria-labelledby={`${titleId}-panel`}
      data-testid="passkeys-panel"
    >
      <h2 id={`${titleId}-panel`} className="text-xl font-semibold text-balance break-keep text-ink">
        {texts.headings?.title ?? t.title}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">{t.intro}</p>

      <div className="mt-5">
        {state.kind === 'loading' ? (
          <p role="status" className="text-ink-muted">
            {t.loading}
          </p>
        ) : state.kind === 'failed' ? (
          <div role="alert" className="space-y-3">
            <p className="text-ink-muted">{t.loadFailed}</p>
            <Button variant="secondary" onClick={() => void load()}>
              {t.retry}
            </Button>
          </div>
        ) : state.passkeys.length === 0 ? (
          <p className="text-ink-muted" data-testid="passkeys-empty">
            {t.empty}
          </p>
        ) : (
          <ul ref={listRef} className="divide-y divide-line rounded-control border border-line" data-testid="passkeys-list">
            {state.passkeys.map((passkey) => (
              <li key={passkey.id} className="p-4" data-testid="passkey" data-passkey-id={passkey.id}>
                {editing?.id === passkey.id ? (
                  <form onSubmit={(event) => void saveName(event)} noValidate className="space-y-3">
                    <TextField
                      label={fill(t.renameLabel, { name: passkey.name })}
                      name="passkeyName"
                      value={editing.name}
                      maxLength={nameMax + 16}
                      error={editError ? validationText(editError) : undefined}
                      onChange={(event) => setEditing({ id: passkey.id, name: event.target.value })}
                    />
                    <div className="flex flex-wrap gap-3">
                      <Button type="submit" size="sm" aria-disabled={busy === passkey.id || undefined}>
                        {t.save}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                        {t.cancel}
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <p className="break-words font-medium text-ink" data-testid="passkey-name">
                        {passkey.name}
                      </p>
                      <p className="mt-1 text-sm text-ink-muted">
                        <span
                          className="mr-2 inline-block rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-ink-soft"
                          data-testid="passkey-kind"
                        >
                          {passkey.deviceType === 'multiDevice' ? t.synced : t.deviceBound}
                        </span>
                        <span className="inline-block">{fill(t.created, { time: formatDateTime(passkey.createdAt, tag, zone) })}</span>
                      </p>
                      <p className="mt-1 text-sm text-ink-muted" data-testid="passkey-last-used">
                        {passkey.lastUsedAt ? fill(t.lastUsed, { time: formatDateTime(passkey.lastUsedAt, tag, zone) }) : t.neverUsed}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing({ id: passkey.id, name: passkey.name })}
                        aria-label={fill(t.renameLabel, { name: passkey.name })}
                      >
                        {t.rename}
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRemoving(passkey)}
                        aria-label={fill(t.removeLabel, { name: passkey.name })}
                        data-testid="passkey-remove"
                      >
                        {t.remove}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {!supported ? (
        <p role="alert" className="mt-5 rounded-control bg-amber-50 p-3 text-sm text-amber-900" data-testid="passkeys-unsupported">
          {t.unsupported}
        </p>
      ) : state.kind === 'ready' && state.passkeys.length >= maxPasskeys ? (
        <p className="mt-5 text-sm text-ink-muted">{fill(t.limitReached, { max: maxPasskeys })}</p>
      ) : (
        <form onSubmit={(event) => void add(event)} noValidate className="mt-5 space-y-3" data-testid="passkey-add">
          <TextField
            label={t.nameLabel ?? ''}
            hint={t.nameHint}
            name="newPasskeyName"
            value={name}
            maxLength={nameMax + 16}
            autoComplete="off"
            error={touched && invalid ? validationText(invalid) : undefined}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => name !== '' && setTouched(true)}
          />
          <Button type="submit" aria-disabled={busy === 'add' || undefined} className="w-full sm:w-auto">
            {busy === 'add' ? t.adding : t.add}
          </Button>
          {note ? (
            <p role="status" className="text-sm text-amber-900" data-testid="passkeys-note">
              {note}
            </p>
          ) : null}
        </form>
      )}

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        titleId={titleId}
        descriptionId={bodyId}
        initialFocus={keepRef}
        testId="passkey-remove-dialog"
      >
        <h3 id={titleId} className="text-lg font-semibold text-balance break-keep text-ink">
          {texts.headings?.removeTitle ?? t.removeTitle}
        </h3>
        <p id={bodyId} className="mt-2 text-sm text-ink-muted">
          {fill(t.removeBody, { name: removing?.name ?? '' })}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button ref={keepRef} type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => setRemoving(null)}>
            {t.keep}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'danger' })}
            aria-disabled={busy !== null || undefined}
            onClick={() => void confirmRemove()}
            data-testid="passkey-remove-confirm"
          >
            {t.removeConfirm}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
