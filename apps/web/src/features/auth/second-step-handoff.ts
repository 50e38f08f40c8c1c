// An access-key hand-off to an account with two-step verification, from a session that never
// passed the second step, answers a challenge instead of a session. The proxy sends the visitor
// to /login with the challenge in the URL fragment (browsers never send a fragment to a server,
// so it reaches no log), and the log-in form finishes it with the second-step form, then goes
// on to the page the link pointed at (redirectUrl).

/** The fragment parameter: /login?redirectUrl=…#secondStep=<challengeId> */
export const SECOND_STEP_FRAGMENT = 'secondStep';

/** The API's challenge ids are 32 random bytes in base64url. */
const CHALLENGE_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** The fragment that carries a challenge to the log-in form. */
export function secondStepFragment(challengeId: string): string {
  return `#${SECOND_STEP_FRAGMENT}=${challengeId}`;
}

/** The challenge a location's fragment carries ('#secondStep=…'), or null. */
export function challengeFromFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(SECOND_STEP_FRAGMENT);
  return value && CHALLENGE_RE.test(value) ? value : null;
}
