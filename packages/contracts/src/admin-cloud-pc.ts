import { z } from './zod';
import { ADMIN_PAGE_CURSOR_RE, ZAdminReason, ZAdminText } from './admin-people';
import { V } from './rules';

// The back office's cloud PCs (permission cloudpc.manage; ADR 0019): the machines rented, per
// plan and state; provider sign-ups with the state staff keep; and the cloud-PC invoice requests.

export const ZProviderApplicationState = z.enum(['NEW', 'CONTACTED', 'ACCEPTED', 'DECLINED']);
export type TProviderApplicationState = z.infer<typeof ZProviderApplicationState>;

export const ZAdminCloudPcInventory = z.object({
  plans: z.array(
    z.object({
      planId: z.string(),
      running: z.number().int(),
      /** running machines whose term ends within 7 days */
      expiringSoon: z.number().int(),
      /** running machines that renew themselves */
      autoRenew: z.number().int(),
      expired: z.number().int(),
      released: z.number().int(),
    }),
  ),
});
export type TAdminCloudPcInventory = z.infer<typeof ZAdminCloudPcInventory>;

export const ZAdminProviderApplication = z.object({
  id: z.string(),
  company: z.string(),
  contactName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  region: z.string(),
  hardware: z.string(),
  machineCount: z.number().int(),
  message: z.string().nullable(),
  locale: z.string(),
  createdAt: z.string(),
  state: ZProviderApplicationState,
  stateNote: z.string().nullable(),
  stateAt: z.string().nullable(),
});
export type TAdminProviderApplication = z.infer<typeof ZAdminProviderApplication>;

export const ZAdminProviderApplicationsQuery = z
  .object({
    state: ZProviderApplicationState.optional(),
    before: z.string().regex(ADMIN_PAGE_CURSOR_RE, { error: V.invalidValue }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type TAdminProviderApplicationsQuery = z.infer<typeof ZAdminProviderApplicationsQuery>;
export const ZAdminProviderApplicationsPage = z.object({ items: z.array(ZAdminProviderApplication), next: z.string().nullable() });
export type TAdminProviderApplicationsPage = z.infer<typeof ZAdminProviderApplicationsPage>;

export const ZAdminProviderApplicationUpdate = z
  .object({
    state: ZProviderApplicationState,
    /** what was agreed or why not, for the next staff member */
    note: ZAdminText(1, 500).optional(),
    reason: ZAdminReason,
  })
  .strict();
export type TAdminProviderApplicationUpdate = z.infer<typeof ZAdminProviderApplicationUpdate>;

export const ZAdminCloudPcInvoice = z.object({
  id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  kind: z.string(),
  title: z.string(),
  taxId: z.string().nullable(),
  email: z.string(),
  amountFen: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});
export const ZAdminCloudPcInvoiceList = z.object({ items: z.array(ZAdminCloudPcInvoice) });
export type TAdminCloudPcInvoiceList = z.infer<typeof ZAdminCloudPcInvoiceList>;
