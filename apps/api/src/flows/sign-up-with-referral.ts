import { V, type TSignupRequest } from '@llk/contracts';
import { fieldError } from '../infrastructure/http/app-error';
import { type AuthContext, checkSignup, createAccount } from '../modules/auth';
import { bindReferralAtSignup, referralCodeExists } from '../modules/referrals';

// Sign-up with a referral (POST /signup; docs/adr/0039-flows-and-life-cycles.md). The account
// (auth) and its binding to the ambassador (referrals) are written in one transaction, so
// neither module calls the other: auth does not know referrals exist.

/** The referral a sign-up carries: a code the person typed, or the llk_ref cookie of a followed link. */
export interface SignUpReferral {
  code?: unknown;
  typed?: boolean;
}

/** POST /signup → a new account and its first session token. */
export async function signUpWithReferral(ctx: AuthContext, input: TSignupRequest, referral: SignUpReferral = {}): Promise<string> {
  // 1. The username, phone and email are free (cheap checks first, so a taken name does not burn the code).
  const signup = await checkSignup(ctx, input);
  // 2. A code the person typed must exist: a typo would cost them the welcome bonus and their
  //    friend the commission without a word. (A link's cookie is not theirs to fix: ignored.)
  if (referral.typed && !(await referralCodeExists(ctx.db, referral.code))) {
    throw fieldError('referralCode', V.referralCodeUnknown, ctx.t);
  }
  // 3. The SIGNUP code is used up, the account written and bound to its ambassador (when the code
  //    names one: 60 days, the welcome bonus) in the same transaction, and its first session opened.
  return createAccount(ctx, signup, async (trx, userId, now) => {
    await bindReferralAtSignup(trx, userId, referral.code, now);
  });
}
