import type { TAuthTexts } from '@/features/auth/texts';

// The profile and cancel pages' client texts: the AccountProfile namespace
// (messages/<locale>/account-profile.json) as the auth forms' text shape, so the code button
// and the form state of the log-in forms (features/auth) serve these forms too.
export type TProfileTexts = TAuthTexts;
