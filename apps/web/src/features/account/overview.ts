import type { TMemberLevel } from '@llk/contracts';

// What the overview says about a paid term (membership, channel, quality): pure, so it is
// tested without the API.

export type TTermState = { kind: 'active'; until: string } | { kind: 'ended'; on: string } | { kind: 'none' };

/** A term that runs until `expiresAt`: active while in the future, ended after, none without one. */
export function termState(expiresAt: string | null, now: Date): TTermState {
  if (!expiresAt) return { kind: 'none' };
  return Date.parse(expiresAt) > now.getTime() ? { kind: 'active', until: expiresAt } : { kind: 'ended', on: expiresAt };
}

/** The membership as the API reports it (plan and active already decided there). */
export function memberState(member: TMemberLevel): TTermState {
  if (!member.expiresAt) return { kind: 'none' };
  return member.active ? { kind: 'active', until: member.expiresAt } : { kind: 'ended', on: member.expiresAt };
}
