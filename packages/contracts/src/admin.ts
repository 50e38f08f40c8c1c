import { z } from './zod';

// The back office's API (docs/adr/0019-back-office.md).

/** Keyset cursor of the audit list: the last row's `at` and id. */
export const ADMIN_AUDIT_CURSOR_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9A-HJKMNP-TV-Z]{26}$/;

export const ZAdminAuditQuery = z
  .object({
    before: z.string().regex(ADMIN_AUDIT_CURSOR_RE).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

export const ZAdminAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** JSON text of the state before, or null */
  before: z.string().nullable(),
  /** JSON text of the state after, or null */
  after: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});

export const ZAdminAuditPage = z.object({
  items: z.array(ZAdminAuditEntry),
  /** the `before` of the next page, null on the last */
  next: z.string().regex(ADMIN_AUDIT_CURSOR_RE).nullable(),
});
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;
