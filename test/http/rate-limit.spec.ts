import { RateLimiter, TrackerCache } from '../../src/http/rate-limit.js';

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

describe('the rate limit: whom a token counts against, remembered for a moment', () => {
  it('remembers a tracker for its time to live, then forgets it', () => {
    const cache = new TrackerCache(1000, 10);
    cache.set('token-a', 'key:a', 5_000);
    expect(cache.get('token-a', 5_999)).toBe('key:a');
    expect(cache.get('token-a', 6_000)).toBeUndefined();
    expect(cache.get('token-b', 5_000)).toBeUndefined();
  });

  it('holds at most its bound: when full it forgets everything and starts again', () => {
    const cache = new TrackerCache(60_000, 3);
    for (const n of [1, 2, 3]) cache.set(`t${n}`, `key:${n}`, 0);
    expect([1, 2, 3].map((n) => cache.get(`t${n}`, 1))).toEqual(['key:1', 'key:2', 'key:3']);
    cache.set('t4', 'key:4', 0);
    expect([1, 2, 3, 4].map((n) => cache.get(`t${n}`, 1))).toEqual([
      undefined,
      undefined,
      undefined,
      'key:4',
    ]);
  });
});
