import type { TOrgInvitationPreview, TUserInfo } from '@llk/contracts';
import { ErrorCode } from '@llk/contracts/errors';
import type { TTranslate } from '@/lib/texts';

// Pure: what /org/join shows. The server page reads the link's token and the preview, the join
// panel then moves on from what the accept answers. The texts of a refusal are the API's, in the
// page's language.

/** The token of the address, or null when it is missing, repeated or longer than the API takes. */
export function readToken(search: Record<string, string | string[] | undefined>): string | null {
  const value = search.token;
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token.length >= 1 && token.length <= 200 ? token : null;
}

/** What the link leads to before anything is accepted. */
export type TJoinLoad =
  | { kind: 'missing' }
  /** the API's ORG_INVITATION_INVALID (unknown, used, revoked or expired), its message */
  | { kind: 'invalid'; message: string }
  /** the API could not say (down, timeout): try again later */
  | { kind: 'unavailable' }
  | { kind: 'preview'; preview: TOrgInvitationPreview };

/** Where the page starts: from the preview's answer (a rejection of the API client, or the data). */
export function joinLoad(
  token: string | null,
  result: { ok: true; data: TOrgInvitationPreview } | { ok: false; error: unknown },
): TJoinLoad {
  if (token === null) return { kind: 'missing' };
  if (result.ok) return { kind: 'preview', preview: result.data };
  const error = result.error;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return { kind: 'invalid', message: error.message };
  return { kind: 'unavailable' };
}

/** What the panel shows after "Join": joined, already a member, another account's, no longer valid, or a failure to show beside the button. */
export type TAcceptOutcome =
  | { kind: 'joined'; orgId: string }
  | { kind: 'member'; message: string }
  | { kind: 'notYours'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

export function acceptOutcome(error: unknown, network: string): TAcceptOutcome {
  if (!isApiError(error) || !error.message) return { kind: 'failed', message: network };
  if (error.errcode === ErrorCode.ORG_INVITATION_NOT_YOURS) return { kind: 'notYours', message: error.message };
  if (error.errcode === ErrorCode.ORG_ALREADY_MEMBER) return { kind: 'member', message: error.message };
  if (error.errcode === ErrorCode.ORG_INVITATION_INVALID) return { kind: 'invalid', message: error.message };
  return { kind: 'failed', message: error.message };
}

/**
 * How the signed-in account is named on the page (masked as the API gives it): the contact of
 * the invitation's channel first, then the other, then the nickname.
 */
export function accountLabel(
  user: Pick<TUserInfo, 'email' | 'mobile' | 'nickname' | 'username'>,
  channel: TOrgInvitationPreview['channel'],
): string {
  const first = channel === 'EMAIL' ? user.email : user.mobile;
  const second = channel === 'EMAIL' ? user.mobile : user.email;
  return first || second || user.nickname || user.username || '';
}

/** A role as the reader says it: the built-in ones in the page's language, a custom one by its name. */
export function roleLabel(role: { code: string; name: string }, t: TTranslate): string {
  const key = `roles.${role.code}`;
  const text = t(key);
  return text === key ? role.name : text;
}

/** The API client's rejection, recognised by its name so the client module stays out of the page's first load. */
function isApiError(error: unknown): error is Error & { errcode: number; status: number } {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as { errcode?: unknown }).errcode === 'number';
}
