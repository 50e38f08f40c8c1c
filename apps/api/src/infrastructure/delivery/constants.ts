/** How long a verification code lives; the texts tell the user. */
export const CODE_TTL_MINUTES = 5;
