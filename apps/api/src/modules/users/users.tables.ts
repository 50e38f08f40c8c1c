import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Table of migration 0002-accounts (columns added by 0009, 0015, 0027, 0040, 0047). Timestamps are UTC ISO text
// (see infrastructure/db/dialect.ts).

export interface UsersTable {
  id: string;
  username: string | null;
  /** lower-cased username, unique: names are compared case-insensitively */
  username_norm: string | null;
  mobile: string | null;
  /** lower-cased */
  email: string | null;
  nickname: string;
  /** argon2id PHC string */
  password_hash: string;
  password_changed_at: string;
  member_plan: Generated<string>;
  member_expires_at: string | null;
  monitor_count: Generated<number>;
  quality_tier: Generated<string>;
  /** 0/1 */
  channel_enabled: Generated<number>;
  /** end of the paid channel term (migration 0009); the channel counts only while it is ahead */
  channel_expires_at: string | null;
  /** end of the paid quality term (migration 0009); after it the tier reads as STANDARD */
  quality_expires_at: string | null;
  manage_count: Generated<number>;
  /** when the user cancelled the account (migration 0015); null unless in cooling-off */
  cancel_requested_at: Generated<string | null>;
  /** end of the cooling-off: from then on the erasure job erases the account; null unless in cooling-off */
  erase_at: Generated<string | null>;
  /** when the personal data was erased; the row stays for the orders that refer to it */
  erased_at: Generated<string | null>;
  /** when staff locked the account (migration 0027); a locked account signs in nowhere */
  locked_at: Generated<string | null>;
  /** when a code sent to the phone was last used (migration 0040); null: not verified */
  mobile_verified_at: Generated<string | null>;
  /** when a code sent to the email was last used (migration 0040); null: not verified (typed beside a phone at sign-up) */
  email_verified_at: Generated<string | null>;
  /** the IANA zone the account's browser last sent (migration 0047); null: China time (docs/adr/0031) */
  time_zone: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface UsersTables {
  users: UsersTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends UsersTables {}
}

/** The users module's table: its repository's only handle (ADR 0038). */
export const usersTables = (db: Db): Kysely<UsersTables> => tablesOf<UsersTables>(db);

export type UserRow = Selectable<UsersTable>;
