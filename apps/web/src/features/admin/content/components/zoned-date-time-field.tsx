'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { formatZoneOffset } from '@/lib/format';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { isoOfZonedInput } from '@/features/admin/content/translations';

// A moment typed on the staff member's clock (the browser's zone, ADR 0031 "typed-in times"),
// its offset in the label ("Publish from (UTC+8)"): a datetime-local value, which the editors
// read with isoOfZonedInput and fill with zonedInputOf in the same zone.

export function ZonedDateTimeField({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const t = useTranslations('AdminEditor');
  const zone = useStaffZone();
  // the offset of the moment typed (a DST zone changes it), or of now while the field is empty
  const offset = formatZoneOffset(isoOfZonedInput(value, zone) ?? new Date().toISOString(), zone);
  return (
    <Field label={t(required ? 'zonedLabel' : 'zonedOptionalLabel', { label, offset })}>
      {(props) => (
        <input
          {...props}
          type="datetime-local"
          required={required}
          className={`${props.className} h-11`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** When an item shows on the site: from `publishAt` (required) until `expiresAt` (optional). */
export function PublishWindowFields({
  publishAt,
  expiresAt,
  onChange,
}: {
  publishAt: string;
  expiresAt: string;
  onChange: (window: { publishAt: string; expiresAt: string }) => void;
}) {
  const t = useTranslations('AdminEditor');
  return (
    <>
      <ZonedDateTimeField
        label={t('publishAt')}
        value={publishAt}
        required
        onChange={(value) => onChange({ publishAt: value, expiresAt })}
      />
      <ZonedDateTimeField label={t('expiresAt')} value={expiresAt} onChange={(value) => onChange({ publishAt, expiresAt: value })} />
    </>
  );
}
