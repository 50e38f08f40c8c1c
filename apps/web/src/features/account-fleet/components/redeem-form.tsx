'use client';

import type { TRedeemResult } from '@llk/contracts';
import { type ChangeEvent, type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/button-link';
import { useVisitorZone } from '@/components/local-time';
import { formatDate } from '@/lib/format';
import { translator, type TTranslate } from '@/lib/texts';
import { caretAfter, readCodeInput } from '../code-input';
import { failureText, redeemCode } from '../fleet-api';
import type { TFleetTexts } from '../texts';
import { useAction } from '@/lib/use-action';

// /account/redeem: a code field that formats as the user types (upper case, groups of four,
// only the code's 31 characters), a check-character test before anything is sent (a typo is
// named at once), then POST /redeem and what the code added, in words. Refusals (unknown,
// expired, used, too many tries) are the API's messages in the visitor's language.

/** What a redemption added, as a sentence. */
export function resultText(result: TRedeemResult, t: TTranslate, tag: string, zone?: string): string {
  const until = result.expiresAt ? formatDate(result.expiresAt, tag, 'long', zone) : '';
  switch (result.kind) {
    case 'MEMBER_DAYS':
      return t('results.MEMBER_DAYS', { count: result.amount, date: until });
    case 'CHANNEL_DAYS':
      return t('results.CHANNEL_DAYS', { count: result.amount, date: until });
    case 'QUALITY_DAYS':
      return t('results.QUALITY_DAYS', { count: result.amount, date: until, tier: t(`tiers.${result.qualityTier ?? 'HD'}`) });
    case 'MONITOR':
      return t('results.MONITOR', { count: result.amount, total: result.monitorCount ?? result.amount });
  }
}

export default function RedeemForm({ texts, tag }: { texts: TFleetTexts; tag: string }) {
  const t = translator(texts.texts, tag);
  const zone = useVisitorZone();
  const [value, setValue] = useState('');
  const [dropped, setDropped] = useState(false);
  const [touched, setTouched] = useState(false);
  const { busy, run, error, setError } = useAction();
  const [result, setResult] = useState<TRedeemResult | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // Put the caret back where the user was typing once the formatted value is in the field.
  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== inputRef.current) return;
    inputRef.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const input = readCodeInput(value);
  const fieldError = input.mistyped ? t('mistyped') : touched && !input.complete ? t('incomplete') : undefined;

  function change(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const next = readCodeInput(raw);
    caret.current = caretAfter(raw, event.target.selectionStart ?? raw.length, next.display);
    setDropped(next.dropped);
    setValue(next.display);
    setError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!input.complete || input.mistyped || busy) return;
    await run(
      async () => {
        setResult(await redeemCode(input.code, texts.network));
        setValue('');
        setTouched(false);
        setDropped(false);
      },
      { inline: (failure) => failureText(failure, texts.network) },
    );
  }

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="max-w-xl space-y-4 rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
        data-testid="redeem-form"
      >
        <Field label={t('codeLabel')} hint={dropped ? t('dropped') : t('codeHint')} error={fieldError}>
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              name="code"
              value={value}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              onChange={change}
              className={`${control.className} h-11 font-mono tracking-wider`}
            />
          )}
        </Field>
        {error ? (
          <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="redeem-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" aria-disabled={busy || undefined} data-testid="redeem-submit" className="w-full sm:w-auto">
          {busy ? t('redeeming') : t('redeem')}
        </Button>
      </form>

      {result ? (
        <section
          role="status"
          className="max-w-xl rounded-card border border-green-300 bg-green-50 p-5 sm:p-6"
          data-testid="redeem-result"
          data-kind={result.kind}
        >
          <h2 className="text-lg font-semibold text-balance break-keep text-green-900">
            {texts.headings?.resultTitle ?? t('resultTitle')}
          </h2>
          <p className="mt-2 text-green-900" data-testid="redeem-result-text">
            {resultText(result, t, tag, zone)}
          </p>
          <p className="mt-3 text-sm">
            {result.kind === 'MONITOR' ? (
              <TextLink href="/account/walls">{t('toWalls')}</TextLink>
            ) : (
              <TextLink href="/account">{t('toOverview')}</TextLink>
            )}
          </p>
        </section>
      ) : null}
    </div>
  );
}
