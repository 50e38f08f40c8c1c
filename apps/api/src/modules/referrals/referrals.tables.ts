import { type Kysely } from 'kysely';
import { type DB, type Db } from '../../db/schema';

// Tables of migration 0006-referrals. Timestamps are UTC ISO text (see ../../db/dialect.ts).
// They are added to the database type here with Kysely's withTables() (types only, no effect
// on queries), so this module does not edit the shared db/schema.ts while issue 5 is in flight.

export interface AmbassadorsTable {
  user_id: string;
  /** 8 characters, Crockford base 32, upper case, unique */
  referral_code: string;
  /** LZ */
  activity_type: string;
  joined_at: string;
}

export interface ReferralBindingsTable {
  referred_user_id: string;
  ambassador_user_id: string;
  /** the code used at sign-up */
  referral_code: string;
  bound_at: string;
  /** bound_at + 60 days; the binding is active while bound_at <= t < expires_at */
  expires_at: string;
}

export interface CommissionsTable {
  id: string;
  ambassador_user_id: string;
  referred_user_id: string;
  order_id: string;
  /** unique: one line per order item */
  order_item_id: string;
  /** MEMBER | MONITOR */
  item_type: string;
  base_amount_fen: number;
  amount_fen: number;
  /** PENDING | EFFECTIVE | REVERSED */
  state: string;
  paid_at: string;
  created_at: string;
  /** paid_at + 7 days */
  effective_after: string;
  effective_at: string | null;
  reversed_at: string | null;
}

// A type alias, not an interface: withTables() wants a string-indexable record.
export type ReferralTables = {
  ambassadors: AmbassadorsTable;
  referral_bindings: ReferralBindingsTable;
  commissions: CommissionsTable;
};

export type ReferralsDb = Kysely<DB & ReferralTables>;

/** The same database or transaction, typed with the referral tables. */
export function withReferralTables(db: Db): ReferralsDb {
  return db.withTables<ReferralTables>() as ReferralsDb;
}
