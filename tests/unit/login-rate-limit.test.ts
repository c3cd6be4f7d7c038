import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, createLoginRateLimiter, loginKey } from '../../server/auth/login-rate-limit';

describe('createLoginRateLimiter()', () => {
  const setup = () => {
    let time = 1_000_000;
    const limiter = createLoginRateLimiter({ now: () => time });
    return { limiter, advance: (ms: number) => (time += ms) };
  };

  it('should block after 10 failures within 15 minutes and say for how long', () => {
    const { limiter, advance } = setup();
    const key = loginKey('HR', '1.2.3.4');
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) limiter.fail(key);
    expect(limiter.retryAfterSeconds(key)).toBe(0);
    limiter.fail(key);
    expect(limiter.retryAfterSeconds(key)).toBe(LOGIN_WINDOW_MS / 1000);
    advance(60_000);
    expect(limiter.retryAfterSeconds(key)).toBe(LOGIN_WINDOW_MS / 1000 - 60);
  });

  it('should forget failures once the window has passed', () => {
    const { limiter, advance } = setup();
    const key = loginKey('hr', '1.2.3.4');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) limiter.fail(key);
    advance(LOGIN_WINDOW_MS);
    expect(limiter.retryAfterSeconds(key)).toBe(0);
    limiter.fail(key);
    expect(limiter.retryAfterSeconds(key)).toBe(0);
  });

  it('should count per lowercased username and address, and reset on success', () => {
    const { limiter } = setup();
    expect(loginKey(' HR ', '1.2.3.4')).toBe(loginKey('hr', '1.2.3.4'));
    const key = loginKey('hr', '1.2.3.4');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) limiter.fail(key);
    expect(limiter.retryAfterSeconds(loginKey('hr', '5.6.7.8'))).toBe(0);
    expect(limiter.retryAfterSeconds(loginKey('mentor', '1.2.3.4'))).toBe(0);
    limiter.reset(key);
    expect(limiter.retryAfterSeconds(key)).toBe(0);
  });
});
