import { type Migration } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-content';
import * as m0004 from './0004-catalogue';
import * as m0005 from './0005-orders';
import * as m0006 from './0006-referrals';
import * as m0007 from './0007-order-indexes';
import * as m0008 from './0008-cloud-pc';
import * as m0009 from './0009-add-on-expiry';
import * as m0010 from './0010-job-runs';
import * as m0011 from './0011-refund-attempts';
import * as m0012 from './0012-cloud-pc-refunds';
import * as m0013 from './0013-ledger';
import * as m0014 from './0014-account-security';
import * as m0015 from './0015-account-cancellation';
import * as m0016 from './0016-invoice-requests';
import * as m0017 from './0017-passkeys';
import * as m0018 from './0018-devices';
import * as m0019 from './0019-redeem-seats-walls';
import * as m0023 from './0023-device-list-index';
import * as m0024 from './0024-back-office';
import * as m0025 from './0025-device-text-search';
import * as m0027 from './0027-admin-people';
import * as m0028 from './0028-content-admin';
import * as m0029 from './0029-payouts';
import * as m0030 from './0030-provider-application-state';
import * as m0031 from './0031-search-expiry';
import * as m0032 from './0032-support-inbox';
import * as m0033 from './0033-staff-passkeys';
import * as m0034 from './0034-gateway-queries';
import * as m0035 from './0035-ledger-report-index';
import * as m0036 from './0036-hot-search-visitors';
import * as m0037 from './0037-refund-review';
import * as m0038 from './0038-job-run-renewals';
import * as m0039 from './0039-phone-e164';
import * as m0040 from './0040-contact-verification';
import * as m0041 from './0041-card-payments';
import * as m0042 from './0042-international-invoices';
import * as m0043 from './0043-news-cover-seo';
import * as m0047 from './0047-account-time-zone';
import * as m0048 from './0048-order-payment-views';
import * as m0049 from './0049-ledger-source-views';
import * as m0050 from './0050-payment-order-statuses';
import * as m0051 from './0051-referral-payment-views';
import * as m0052 from './0052-connection-records';
import * as m0053 from './0053-organisations';
import * as m0054 from './0054-org-invitations';
import * as m0055 from './0055-org-devices';
import * as m0056 from './0056-org-access-rules';

// Every migration, imported explicitly: file discovery breaks under bundlers and vitest, and an
// explicit list makes the order reviewable. Names sort in application order; never rename one
// that has shipped. One set serves SQLite and PostgreSQL alike (see ../dialect.ts for types).
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-content': m0003,
  '0004-catalogue': m0004,
  '0005-orders': m0005,
  '0006-referrals': m0006,
  '0007-order-indexes': m0007,
  '0008-cloud-pc': m0008,
  '0009-add-on-expiry': m0009,
  '0010-job-runs': m0010,
  '0011-refund-attempts': m0011,
  '0012-cloud-pc-refunds': m0012,
  '0013-ledger': m0013,
  '0014-account-security': m0014,
  '0015-account-cancellation': m0015,
  '0016-invoice-requests': m0016,
  '0017-passkeys': m0017,
  '0018-devices': m0018,
  '0019-redeem-seats-walls': m0019,
  '0023-device-list-index': m0023,
  '0024-back-office': m0024,
  '0025-device-text-search': m0025,
  '0027-admin-people': m0027,
  '0028-content-admin': m0028,
  '0029-payouts': m0029,
  '0030-provider-application-state': m0030,
  '0031-search-expiry': m0031,
  '0032-support-inbox': m0032,
  '0033-staff-passkeys': m0033,
  '0034-gateway-queries': m0034,
  '0035-ledger-report-index': m0035,
  '0036-hot-search-visitors': m0036,
  '0037-refund-review': m0037,
  '0038-job-run-renewals': m0038,
  '0039-phone-e164': m0039,
  '0040-contact-verification': m0040,
  '0041-card-payments': m0041,
  '0042-international-invoices': m0042,
  '0043-news-cover-seo': m0043,
  '0047-account-time-zone': m0047,
  '0048-order-payment-views': m0048,
  '0049-ledger-source-views': m0049,
  '0050-payment-order-statuses': m0050,
  '0051-referral-payment-views': m0051,
  '0052-connection-records': m0052,
  '0053-organisations': m0053,
  '0054-org-invitations': m0054,
  '0055-org-devices': m0055,
  '0056-org-access-rules': m0056,
};
