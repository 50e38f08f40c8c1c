import { sql, type Kysely } from 'kysely';

// Phone numbers of every country (ADR 0027): every phone is stored as E.164. Until
// now an account's phone was a mainland number's 11 digits (1xxxxxxxxxx) or, rarely, an E.164
// number typed with its +: the 11 digits become +86…. What users see is unchanged (maskPhone
// and formatPhone show a +86 number as its 11 digits, 138****8000). A number whose +86 form
// another account already holds (typed once each way, before the two were one number) is left
// as it was rather than break the unique index; it still logs in by username or email.
// users.mobile is the only column holding an account's phone: a cloud-PC order's business phone
// is free text, and an ambassador's payee is an Alipay account, not the account's phone.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE users SET mobile = '+86' || mobile
    WHERE mobile LIKE '1__________'
      AND NOT EXISTS (SELECT 1 FROM users AS other WHERE other.mobile = '+86' || users.mobile)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // back to 11 digits (a number typed with +86 before 0039 comes back without it too, which the
  // rules before international numbers also accepted), unless the 11 digits are another row's
  await sql`
    UPDATE users SET mobile = substr(mobile, 4)
    WHERE mobile LIKE '+861__________'
      AND NOT EXISTS (SELECT 1 FROM users AS other WHERE other.mobile = substr(users.mobile, 4))
  `.execute(db);
}
