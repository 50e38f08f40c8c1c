import { ApiError } from '@llk/contracts/client';
import { ErrorCode } from '@llk/contracts/errors';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en/org.json';
import ja from '../../../messages/ja/org.json';
import { translator } from '@/lib/texts';
import { acceptOutcome, accountLabel, joinLoad, readToken, roleLabel } from './join-state';

const preview = {
  orgName: 'Acme',
  logoUrl: null,
  role: { id: 'MEMBER', code: 'MEMBER', name: 'Member' },
  channel: 'EMAIL' as const,
  expiresAt: '2026-12-11T00:00:00.000Z',
  invitedBy: 'Zhang Wei',
  department: 'Sales',
  target: 'a***@example.com',
};
const refusal = (errcode: number, status: number, message: string) => new ApiError(message, { errcode, status });

describe('readToken', () => {
  it.each([
    [{ token: 'abc' }, 'abc'],
    [{ token: '  abc  ' }, 'abc'],
    [{}, null],
    [{ token: '' }, null],
    [{ token: ['a', 'b'] }, null],
    [{ token: 'x'.repeat(200) }, 'x'.repeat(200)],
    [{ token: 'x'.repeat(201) }, null],
  ])('%o → %s', (search, token) => {
    expect(readToken(search)).toBe(token);
  });
});

describe('joinLoad', () => {
  it('is missing without a token, whatever the API said', () => {
    expect(joinLoad(null, { ok: false, error: null })).toEqual({ kind: 'missing' });
  });
  it('shows the preview', () => {
    expect(joinLoad('t', { ok: true, data: preview })).toEqual({ kind: 'preview', preview });
  });
  it('is invalid with the API’s message for a refused link', () => {
    const message = 'このリンクは無効です。';
    expect(joinLoad('t', { ok: false, error: refusal(ErrorCode.ORG_INVITATION_INVALID, 404, message) })).toEqual({
      kind: 'invalid',
      message,
    });
  });
  it('is unavailable when the API is down or failed', () => {
    expect(joinLoad('t', { ok: false, error: refusal(-1, 0, 'Network error') })).toEqual({ kind: 'unavailable' });
    expect(joinLoad('t', { ok: false, error: refusal(50000, 500, 'Server error') })).toEqual({ kind: 'unavailable' });
    expect(joinLoad('t', { ok: false, error: new Error('boom') })).toEqual({ kind: 'unavailable' });
  });
});

describe('acceptOutcome', () => {
  it('tells the refusals apart by errcode, with the API’s text', () => {
    expect(acceptOutcome(refusal(ErrorCode.ORG_INVITATION_NOT_YOURS, 403, 'other account'), 'net')).toEqual({
      kind: 'notYours',
      message: 'other account',
    });
    expect(acceptOutcome(refusal(ErrorCode.ORG_ALREADY_MEMBER, 409, 'member'), 'net')).toEqual({ kind: 'member', message: 'member' });
    expect(acceptOutcome(refusal(ErrorCode.ORG_INVITATION_INVALID, 404, 'invalid'), 'net')).toEqual({
      kind: 'invalid',
      message: 'invalid',
    });
    expect(acceptOutcome(refusal(42900, 429, 'slow down'), 'net')).toEqual({ kind: 'failed', message: 'slow down' });
  });
  it('falls back to the network text for anything else', () => {
    expect(acceptOutcome(new TypeError('fetch failed'), 'Network error')).toEqual({ kind: 'failed', message: 'Network error' });
  });
});

describe('accountLabel', () => {
  const user = { email: 'a***@example.com', mobile: '138****8000', nickname: 'Ann', username: null };
  it('names the contact of the invitation’s channel first', () => {
    expect(accountLabel(user, 'EMAIL')).toBe('a***@example.com');
    expect(accountLabel(user, 'PHONE')).toBe('138****8000');
  });
  it('falls back to the other contact, then the nickname', () => {
    expect(accountLabel({ ...user, email: null }, 'EMAIL')).toBe('138****8000');
    expect(accountLabel({ ...user, email: null, mobile: null }, 'PHONE')).toBe('Ann');
  });
});

describe('roleLabel', () => {
  it('says the built-in roles in the page’s language and a custom one by its name', () => {
    expect(roleLabel({ code: 'OWNER', name: 'Owner' }, translator(ja.Org, 'ja'))).toBe('オーナー');
    expect(roleLabel({ code: 'MEMBER', name: 'Member' }, translator(en.Org, 'en'))).toBe('Member');
    expect(roleLabel({ code: 'CUSTOM', name: 'Auditors' }, translator(ja.Org, 'ja'))).toBe('Auditors');
  });
});
