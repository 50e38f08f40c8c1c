// A passkey (WebAuthn credential) of an account; see modules/passkeys.
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
