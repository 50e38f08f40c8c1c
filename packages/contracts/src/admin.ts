import { PERMISSIONS, STAFF_LOCALES, STAFF_ROLES } from './admin-roles';
import { STAFF_PASSWORD_RE, STAFF_USERNAME_RE, V } from './rules';
import { ZCode } from './validation';
import { z } from './zod';

// The back office's API (docs/adr/0019-back-office.md).

/** Keyset cursor of the audit list: the last row's `at` and id. */
export const ADMIN_AUDIT_CURSOR_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9A-HJKMNP-TV-Z]{26}$/;

/** An instant in a query: ISO 8601 in UTC with milliseconds, as the API writes them. */
const ADMIN_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

/** Filters of the audit search and its CSV export; every one optional, all combined with AND. */
export const ZAdminAuditFilter = z.object({
  /** username of the staff member who acted (exact, any case) */
  staff: z.string().trim().min(1).max(32).optional(),
  /** action, or its beginning: `staff` finds staff.create, staff.lock, … */
  action: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-zA-Z0-9_.-]*$/)
    .optional(),
  targetType: z.string().trim().min(1).max(32).optional(),
  targetId: z.string().trim().min(1).max(64).optional(),
  /** from this instant on (inclusive) */
  from: z.string().regex(ADMIN_INSTANT_RE).optional(),
  /** before this instant (exclusive) */
  to: z.string().regex(ADMIN_INSTANT_RE).optional(),
});
export type TAdminAuditFilter = z.infer<typeof ZAdminAuditFilter>;

export const ZAdminAuditQuery = ZAdminAuditFilter.extend({
  before: z.string().regex(ADMIN_AUDIT_CURSOR_RE).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
}).strict();
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

export const ZAdminAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  /** the acting member's username; null for the command line */
  staffUsername: z.string().nullable(),
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

export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

export const ZAdminAuditPage = z.object({
  items: z.array(ZAdminAuditEntry),
  /** the `before` of the next page, null on the last */
  next: z.string().regex(ADMIN_AUDIT_CURSOR_RE).nullable(),
});
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;

/** GET /admin/me: the signed-in staff member, what their role allows, their language. */
export const ZAdminMe = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  language: z.enum(STAFF_LOCALES),
  /** refunds waiting in the refund queue (ADR 0015): the nav's badge; only for staff with orders.read */
  refundQueue: z.number().int().optional(),
});
export type TAdminMe = z.infer<typeof ZAdminMe>;

/** PUT /admin/me/language: the staff member's own language for staff screens. */
export const ZAdminLanguageRequest = z.object({ language: z.enum(STAFF_LOCALES) }).strict();
export type TAdminLanguageRequest = z.infer<typeof ZAdminLanguageRequest>;

/** Staff usernames and passwords as the set-up and create forms check them. */
export const ZStaffUsername = z.string().trim().regex(STAFF_USERNAME_RE, { error: V.staffUsernameFormat });
export const ZStaffPassword = z.string().regex(STAFF_PASSWORD_RE, { error: V.staffPasswordFormat });
/** The set-up token of a link (43 base64url characters). */
const ZStaffSetupToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** A TOTP secret in base32, as the set-up handed it out. */
const ZTotpSecret = z.string().regex(/^[A-Z2-7]{16,128}$/);

/** POST /admin/setup/start: what the set-up link opens (a new authenticator secret each time). */
export const ZAdminSetupStartRequest = z.object({ token: ZStaffSetupToken }).strict();
export const ZAdminSetupStart = z.object({
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** base32, for typing into an authenticator */
  secret: z.string(),
  /** otpauth:// URI, for the QR code */
  uri: z.string(),
});
export type TAdminSetupStart = z.infer<typeof ZAdminSetupStart>;

/** POST /admin/setup: password, the secret shown, and a code from the authenticator proving it. */
export const ZAdminSetupRequest = z
  .object({
    token: ZStaffSetupToken,
    password: ZStaffPassword,
    secret: ZTotpSecret,
    code: ZCode,
    language: z.enum(STAFF_LOCALES).optional(),
  })
  .strict();
export type TAdminSetupRequest = z.infer<typeof ZAdminSetupRequest>;

/** POST /admin/login: all three at once, one answer for any of them wrong. */
export const ZAdminLoginRequest = z
  .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(256), code: ZCode })
  .strict();
export type TAdminLoginRequest = z.infer<typeof ZAdminLoginRequest>;

export const STAFF_STATES = ['ACTIVE', 'SETUP', 'LOCKED'] as const;
export type TStaffState = (typeof STAFF_STATES)[number];

export const ZAdminStaffMember = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** ACTIVE; SETUP: the set-up link is not used yet; LOCKED */
  state: z.enum(STAFF_STATES),
  language: z.enum(STAFF_LOCALES),
  createdAt: z.string(),
  lockedAt: z.string().nullable(),
});
export type TAdminStaffMember = z.infer<typeof ZAdminStaffMember>;
export const ZAdminStaffList = z.object({ items: z.array(ZAdminStaffMember) });
export type TAdminStaffList = z.infer<typeof ZAdminStaffList>;

export const ZAdminCreateStaffRequest = z.object({ username: ZStaffUsername, role: z.enum(STAFF_ROLES) }).strict();
export type TAdminCreateStaffRequest = z.infer<typeof ZAdminCreateStaffRequest>;

/** A new member's, or a reset member's, one-time set-up link (shown once). */
export const ZAdminSetupLink = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  setupLink: z.string(),
  setupExpiresAt: z.string(),
});
export type TAdminSetupLink = z.infer<typeof ZAdminSetupLink>;

/** A member id; an unknown one answers STAFF_NOT_FOUND. */
export const ZAdminStaffParams = z.object({ id: z.string().min(1).max(64) }).strict();
export const ZAdminRoleRequest = z.object({ role: z.enum(STAFF_ROLES), reason: z.string().trim().max(500).optional() }).strict();
export const ZAdminReasonRequest = z.object({ reason: z.string().trim().max(500).optional() }).strict();
