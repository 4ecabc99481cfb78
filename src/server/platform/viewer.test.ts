import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { verifySessionCookie } from './viewer';

const secret = 'a-test-secret-that-is-long-enough-000';
const sign = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);

describe('verifySessionCookie', () => {
  it('returns the token of a correctly signed cookie', () => {
    expect(
      verifySessionCookie(`a=1; better-auth.session_token=${sign('tok123')}; b=2`, 'better-auth.session_token', secret),
    ).toBe('tok123');
  });

  it('refuses a tampered token, a foreign signature, a missing cookie and garbage', () => {
    const good = decodeURIComponent(sign('tok123'));
    const tampered = encodeURIComponent(good.replace('tok123', 'tok124'));
    expect(
      verifySessionCookie(`better-auth.session_token=${tampered}`, 'better-auth.session_token', secret),
    ).toBeNull();
    expect(
      verifySessionCookie(
        `better-auth.session_token=${sign('tok123', 'another-secret-xxxxxxxxxxxxxxxxxxxxx')}`,
        'better-auth.session_token',
        secret,
      ),
    ).toBeNull();
    expect(verifySessionCookie('other=1', 'better-auth.session_token', secret)).toBeNull();
    expect(verifySessionCookie('better-auth.session_token=%E0%A4%A', 'better-auth.session_token', secret)).toBeNull();
    expect(verifySessionCookie('better-auth.session_token=nodot', 'better-auth.session_token', secret)).toBeNull();
  });
});
