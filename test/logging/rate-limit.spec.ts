import { RateLimiter } from '../../src/logging/rate-limit.js';

describe('the rate limit: fixed windows per key', () => {
  it('allows `max` requests in a window, refuses the rest, and starts afresh when the window ends', () => {
    let now = 1_000;
    const limiter = new RateLimiter(3, 1000, () => now);
    const allowed = () => limiter.take('key:a').allowed;
    expect([allowed(), allowed(), allowed(), allowed()]).toEqual([true, true, true, false]);
    // Another key has its own allowance.
    expect(limiter.take('key:b').allowed).toBe(true);
    now += 999;
    expect(allowed()).toBe(false);
    now += 1;
    expect([allowed(), allowed(), allowed(), allowed()]).toEqual([true, true, true, false]);
  });

  it('says when the window resets, and marks whether its first refusal was told', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 60_000, () => now);
    expect(limiter.take('ip:1')).toMatchObject({ allowed: true, count: 1, resetsAt: 60_000, told: false });
    now = 10;
    const refused = limiter.take('ip:1');
    expect(refused).toMatchObject({ allowed: false, count: 2, resetsAt: 60_000 });
  });
});
