'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';

// A moment typed in UTC, as the label says: a datetime-local value, read with isoOfUtcInput.

export function UtcDateTimeField({ label, value, onChange, required = false }: { label: string; value: string; onChange: (value: string) => void; required?: boolean }) {
  const t = useTranslations('AdminEditor');
  return (
    <Field label={t(required ? 'utcLabel' : 'utcOptionalLabel', { label })}>
      {(props) => <input {...props} type="datetime-local" required={required} className={`${props.className} h-11`} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** When an item shows on the site: from `publishAt` (required) until `expiresAt` (optional). */
export function PublishWindowFields({ publishAt, expiresAt, onChange }: { publishAt: string; expiresAt: string; onChange: (window: { publishAt: string; expiresAt: string }) => void }) {
  const t = useTranslations('AdminEditor');
  return (
    <>
      <UtcDateTimeField label={t('publishAt')} value={publishAt} required onChange={(value) => onChange({ publishAt: value, expiresAt })} />
      <UtcDateTimeField label={t('expiresAt')} value={expiresAt} onChange={(value) => onChange({ publishAt, expiresAt: value })} />
    </>
  );
}
