import type { TStaffLocale } from '@llk/contracts/admin-roles';

// Staff-only texts (zh-CN and en only, ADR 0019): apps/web/messages-admin/<locale>/<area>.json.
// Each file's top-level keys are namespaces (AdminShell, AdminStaff, …); files must not share
// one. A new screen adds its file here; messages.test.ts holds both languages to the same keys.

export const ADMIN_MESSAGE_AREAS = [
  'shell',
  'auth',
  'staff',
  'audit',
  'users',
  'devices',
  'orders',
  'refunds',
  'invoices',
  'content',
  'notices',
  'releases',
  'pricing',
  'codes',
  'jobs',
  'payouts',
  'dashboard',
  'cloudpc',
  'support',
  'passkeys',
  'search',
] as const;

export type TAdminMessages = Record<string, unknown>;

export async function loadAdminMessages(locale: TStaffLocale): Promise<TAdminMessages> {
  const files = await Promise.all(
    ADMIN_MESSAGE_AREAS.map((area) =>
      import(`../../../../messages-admin/${locale}/${area}.json`).then((m: { default: TAdminMessages }) => m.default),
    ),
  );
  return Object.assign({}, ...files) as TAdminMessages;
}
