import { FairScheduler, type Ticket } from '../../src/logging/fair-queue.js';

/** A scheduler on a hand-driven clock and saturation signal, with a log of which requests started. */
function harness(settings: { concurrency?: number; perKey?: number; costHalfLifeMs?: number } = {}) {
  const state = { now: 0, saturated: true };
  const scheduler = new FairScheduler(
    { concurrency: 1, perKey: 4, costHalfLifeMs: 1e9, ...settings },
    () => state.saturated,
    () => state.now,
    // The work meter runs with the clock: as if the process were busy all along.
    () => state.now,
  );
  const started: string[] = [];
  const tickets = new Map<string, Ticket>();
  const ask = (key: string, name: string) =>
    scheduler.request(key, (ticket) => {
      started.push(name);
      tickets.set(name, ticket);
    });
  /** Runs one request of `key` for `ms` of the clock, from start to finish. */
  const serve = (key: string, ms: number) => {
    const name = `${key}-served-${state.now}`;
    ask(key, name);
    state.now += ms;
    tickets.get(name)!.finish();
  };
  /** `n` keys that each used 1 ms: the light majority the mean is taken over (tables). */
  const crowd = (n: number) => {
    for (let i = 0; i < n; i++) serve(`key:table-${i}`, 1);
  };
  return { state, scheduler, started, tickets, ask, serve, crowd };
}

describe('fair queue: who waits, and in which order', () => {
  it('saturated and full, a key far above the mean waits while a light key starts at once', () => {
    const { scheduler, ask, serve, crowd } = harness();
    crowd(8);
    serve('key:flood', 50);
    expect(ask('key:holder', 'holder')).toBe('started');
    expect(ask('key:flood', 'flood-1')).toBe('waiting');
    expect(ask('key:light', 'light-1')).toBe('started');
    expect(ask('key:table-0', 'table-1')).toBe('started');
    expect(scheduler.waiting()).toBe(1);
    expect(scheduler.running).toBe(3);
  });

  it('among waiting keys, the one with the least recent service time goes first', () => {
    const { state, started, tickets, ask, serve, crowd } = harness();
    crowd(10);
    serve('key:flood', 50);
    serve('key:busy', 20);
    ask('key:holder', 'holder');
    expect([ask('key:flood', 'flood-1'), ask('key:flood', 'flood-2'), ask('key:busy', 'busy-1')]).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ]);
    started.length = 0;
    state.now += 1;
    tickets.get('holder')!.finish();
    expect(started).toEqual(['busy-1']);
    tickets.get('busy-1')!.finish();
    expect(started).toEqual(['busy-1', 'flood-1']);
  });

  it('a key is charged its mean cost as each request starts, then its share of the work done meanwhile', () => {
    const { state, started, tickets, ask, serve, crowd } = harness({ concurrency: 2 });
    crowd(10);
    serve('key:flood', 40);
    serve('key:busy', 30);
    ask('key:hold-a', 'hold-a');
    ask('key:hold-b', 'hold-b');
    for (const n of [1, 2]) {
      expect(ask('key:flood', `flood-${n}`)).toBe('waiting');
      expect(ask('key:busy', `busy-${n}`)).toBe('waiting');
    }
    started.length = 0;
    // busy (30) goes and is charged 30 more (60); then flood (40) is the least.
    tickets.get('hold-a')!.finish();
    tickets.get('hold-b')!.finish();
    expect(started).toEqual(['busy-1', 'flood-1']);
    // 30 ms of work with busy-1 and flood-1 both in progress: flood-1 is charged its half, 15, not the
    // 40 estimated, so flood stands at 55, below busy's 60 (charged as wall time it would be 70).
    state.now += 30;
    tickets.get('flood-1')!.finish();
    expect(started).toEqual(['busy-1', 'flood-1', 'flood-2']);
  });

  it('waiting keys of equal cost are served in turn, not one key to the end', () => {
    const { started, tickets, ask, serve, crowd, state } = harness();
    crowd(10);
    serve('key:a', 30);
    serve('key:b', 30);
    ask('key:holder', 'holder');
    for (const n of [1, 2, 3]) {
      ask('key:a', `a-${n}`);
      ask('key:b', `b-${n}`);
    }
    started.length = 0;
    let last = 'holder';
    for (let i = 0; i < 6; i++) {
      state.now += 30;
      tickets.get(last)!.finish();
      last = started[started.length - 1]!;
    }
    expect(started.map((name) => name[0])).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });
});

describe('fair queue: bounds, and no wait when the service keeps up', () => {
  it("a key's queue holds at most `perKey` requests; the next is refused and changes nothing", () => {
    const { scheduler, ask, serve, crowd } = harness({ perKey: 2 });
    crowd(8);
    serve('key:flood', 50);
    serve('key:flood-2', 50);
    ask('key:holder', 'holder');
    expect([ask('key:flood', '1'), ask('key:flood', '2'), ask('key:flood', '3')]).toEqual([
      'waiting',
      'waiting',
      'refused',
    ]);
    expect(scheduler.waiting('key:flood')).toBe(2);
    // Another heavy key has its own queue.
    expect(ask('key:flood-2', 'other')).toBe('waiting');
  });

  it('when not saturated nothing waits, however many are in progress and however heavy the key', () => {
    const { state, scheduler, started, ask, serve, crowd } = harness({ concurrency: 1 });
    crowd(8);
    serve('key:flood', 50);
    state.saturated = false;
    const outcomes = Array.from({ length: 20 }, (_, i) => ask('key:flood', `f-${i}`));
    expect(outcomes.every((o) => o === 'started')).toBe(true);
    expect(started.filter((name) => name.startsWith('f-'))).toHaveLength(20);
    expect(scheduler.running).toBe(20);
    expect(scheduler.waiting()).toBe(0);
  });

  it('saturated, even a heavy key starts at once while a place is free and nobody waits', () => {
    const { ask, serve, crowd } = harness({ concurrency: 2 });
    crowd(8);
    serve('key:flood', 50);
    expect([ask('key:flood', '1'), ask('key:flood', '2'), ask('key:flood', '3')]).toEqual([
      'started',
      'started',
      'waiting',
    ]);
  });

  it('once saturation ends, whoever waited starts with the next request, in fair order, before it', () => {
    const { state, started, ask, serve, crowd } = harness();
    crowd(10);
    serve('key:flood', 50);
    serve('key:busy', 20);
    ask('key:holder', 'holder');
    ask('key:flood', 'flood-1');
    ask('key:busy', 'busy-1');
    state.saturated = false;
    started.length = 0;
    expect(ask('key:other', 'other-1')).toBe('started');
    expect(started).toEqual(['busy-1', 'flood-1', 'other-1']);
  });

  it('a finish given twice frees one place only', () => {
    const { scheduler, tickets, ask } = harness({ concurrency: 2 });
    ask('key:a', 'a');
    ask('key:b', 'b');
    tickets.get('a')!.finish();
    tickets.get('a')!.finish();
    expect(scheduler.running).toBe(1);
  });
});

describe('fair queue: measured cost decays', () => {
  it("a key's cost halves every half-life", () => {
    const { state, scheduler, serve } = harness({ costHalfLifeMs: 1000 });
    serve('key:flood', 80);
    expect(scheduler.costOf('key:flood')).toBeCloseTo(80);
    state.now += 1000;
    expect(scheduler.costOf('key:flood')).toBeCloseTo(40);
    state.now += 2000;
    expect(scheduler.costOf('key:flood')).toBeCloseTo(10);
  });

  it('a past flood is forgiven: once its cost has decayed below the others’, it no longer waits', () => {
    const heavyNow = harness({ costHalfLifeMs: 100 });
    heavyNow.serve('key:old-flood', 100);
    heavyNow.crowd(5);
    heavyNow.ask('key:holder', 'holder');
    expect(heavyNow.ask('key:old-flood', 'flood-1')).toBe('waiting');

    const later = harness({ costHalfLifeMs: 100 });
    later.serve('key:old-flood', 100);
    later.state.now += 1000; // ten half-lives: about 0.1 ms left, while the tables are busy now
    later.crowd(5);
    later.ask('key:holder', 'holder');
    expect(later.ask('key:old-flood', 'flood-1')).toBe('started');
  });

  it('keys idle long enough are forgotten', () => {
    const { state, scheduler, serve } = harness({ costHalfLifeMs: 10 });
    serve('key:once', 5);
    state.now += 1000;
    expect(scheduler.tracked).toBe(1);
    serve('key:later', 1);
    expect(scheduler.tracked).toBe(1);
  });
});
