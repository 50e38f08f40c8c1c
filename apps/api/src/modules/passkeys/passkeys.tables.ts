import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Table of migration 0017-passkeys: a passkey (WebAuthn credential) of an account. Timestamps are UTC ISO text.

export interface PasskeysTable {
  /** newId() */
  id: string;
  user_id: string;
  /** the credential id the authenticator chose, base64url; unique across all accounts */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  /** the signature counter last seen (0 for authenticators that do not count); bigint: up to 2^32 - 1 */
  counter: string | number | bigint;
  /** JSON array of transports the browser reported (usb, nfc, ble, internal, hybrid…), or null */
  transports: string | null;
  /** singleDevice | multiDevice */
  device_type: string;
  /** 0/1: a synced copy exists */
  backed_up: number;
  /** the authenticator model (AAGUID), all zeros when the authenticator does not say */
  aaguid: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeysTables {
  passkeys: PasskeysTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends PasskeysTables {}
}

/** The passkeys module's table: its repository's only handle (ADR 0038). */
export const passkeysTables = (db: Db): Kysely<PasskeysTables> => tablesOf<PasskeysTables>(db);

export type PasskeyRow = Selectable<PasskeysTable>;
