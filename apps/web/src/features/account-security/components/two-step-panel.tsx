'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { QrCode } from '@/components/qr-code';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDate } from '@/lib/format';
import { loadApi } from '@/lib/load-api';
import { toast } from '@/lib/toast';
import { backupCodesFile, groupSecret, isSecondStepInput, type TSecurityTexts } from '../texts';
import { useAction } from '@/lib/use-action';

export interface TTotpStatusView {
  enabled: boolean;
  enabledAt: string | null;
  backupCodesLeft: number;
}

type TStep = { kind: 'idle' } | { kind: 'setup'; secret: string; uri: string } | { kind: 'backup'; codes: string[] } | { kind: 'disable' };

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Two-step verification: turn on (QR code of the otpauth URI, the key to type, confirm with a
 * code), the ten backup codes shown once with a download, and turn off with a code.
 */
export function TwoStepPanel({
  status,
  account,
  languageTag,
  texts,
}: {
  status: TTotpStatusView;
  account: string;
  languageTag: string;
  texts: TSecurityTexts;
}) {
  const zone = useVisitorZone();
  const t = texts.twoStep;
  const router = useRouter();
  const [step, setStep] = useState<TStep>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const action = useAction();
  const { busy } = action;

  function run<T>(call: (api: Awaited<ReturnType<typeof loadApi>>) => Promise<T>, then: (value: T) => void) {
    if (busy) return;
    // a failure: the API client has toasted errmsg
    void action.run(() => loadApi(texts.network).then(call).then(then));
  }

  const reset = () => {
    setCode('');
    setTried(false);
  };

  function start() {
    run(
      (api) => api.post<{ secret: string; uri: string }>('/user/totp/setup'),
      (data) => {
        reset();
        setStep({ kind: 'setup', ...data });
      },
    );
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!/^\d{6}$/.test(code.trim())) return;
    run(
      (api) => api.post<{ backupCodes: string[] }>('/user/totp/enable', { body: { code: code.trim() } }),
      (data) => {
        reset();
        setStep({ kind: 'backup', codes: data.backupCodes });
      },
    );
  }

  function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!isSecondStepInput(code)) return;
    run(
      (api) => api.post('/user/totp/disable', { body: { code: code.trim() } }),
      () => {
        toast.success(texts.success.modificationSucceeded ?? '');
        reset();
        setStep({ kind: 'idle' });
        router.refresh();
      },
    );
  }

  if (step.kind === 'backup') {
    return (
      <div className="space-y-4" data-testid="backup-codes">
        <h3 className="font-semibold text-balance break-keep text-ink">{texts.headings?.backupTitle ?? t.backupTitle}</h3>
        <p className="text-sm text-ink-muted">{t.backupLede}</p>
        <ol className="grid max-w-md grid-cols-2 gap-2 font-mono text-base">
          {step.codes.map((backup) => (
            <li key={backup} className="rounded-control border border-line bg-surface px-3 py-2 text-center">
              {backup}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={() => download(t.fileName ?? 'backup-codes.txt', backupCodesFile(step.codes, fill(t.fileHeader, { account })))}
          >
            {t.download}
          </Button>
          <Button
            onClick={() => {
              setStep({ kind: 'idle' });
              router.refresh();
            }}
          >
            {t.saved}
          </Button>
        </div>
      </div>
    );
  }

  if (step.kind === 'setup') {
    return (
      <form noValidate onSubmit={confirm} className="space-y-4">
        <p className="text-sm text-ink-muted">{t.scan}</p>
        <QrCode value={step.uri} label={t.title ?? ''} size={176} />
        {/* a phone cannot scan its own screen: the otpauth:// link opens its authenticator (ADR 0034) */}
        <a href={step.uri} className={buttonClass({ variant: 'secondary', size: 'sm' })} data-testid="totp-open">
          {t.openApp}
        </a>
        <div className="text-sm text-ink-muted">
          <p>{t.manual}</p>
          {/* in groups of four, as authenticators show it; the spaces are not part of the key */}
          <code
            className="mt-1 block font-mono text-base tracking-wide break-words text-ink"
            aria-label={t.secretLabel}
            title={t.secretLabel}
            data-testid="totp-secret"
            data-secret={step.secret}
          >
            {groupSecret(step.secret)}
          </code>
        </div>
        <div className="max-w-xs">
          <TextField
            label={t.code ?? ''}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={tried && !/^\d{6}$/.test(code.trim()) ? t.codeInvalid : undefined}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={busy || undefined}>
            {t.confirm}
          </Button>
          <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
            {t.cancel}
          </Button>
        </div>
      </form>
    );
  }

  if (step.kind === 'disable') {
    return (
      <form noValidate onSubmit={disable} className="space-y-4">
        <p className="text-sm text-ink-muted">{t.disableLede}</p>
        <div className="max-w-xs">
          <TextField
            label={t.disableCode ?? ''}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={tried && !isSecondStepInput(code) ? t.codeInvalid : undefined}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" aria-disabled={busy || undefined}>
            {t.disableSubmit}
          </Button>
          <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
            {t.cancel}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <p className="font-medium text-ink" data-testid="totp-state">
          {status.enabled && status.enabledAt ? fill(t.on, { date: formatDate(status.enabledAt, languageTag, 'medium', zone) }) : t.off}
        </p>
        {status.enabled ? <p className="text-sm text-ink-muted">{fill(t.codesLeft, { count: status.backupCodesLeft })}</p> : null}
      </div>
      {status.enabled ? (
        <Button
          variant="secondary"
          onClick={() => {
            reset();
            setStep({ kind: 'disable' });
          }}
        >
          {t.disable}
        </Button>
      ) : (
        <Button onClick={start} aria-disabled={busy || undefined}>
          {t.start}
        </Button>
      )}
    </div>
  );
}
