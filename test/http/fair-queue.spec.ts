import { EventLoopLag, FairScheduler, type Ticket } from '../../src/http/fair-queue.js';

/** A scheduler on a hand-driven clock and saturation signal, with a log of which requests started. */
function harness(
  settings: { share?: number; perKey?: number; costHalfLifeMs?: number; maxWaitMs?: number } = {},
) {
  const state = { now: 0, saturated: true, wakes: 0 };
  const scheduler = new FairScheduler(
    { share: 2, perKey: 4, costHalfLifeMs: 1e9, maxWaitMs: 1e9, ...settings },
    () => state.saturated,
    () => state.now,
    // The work meter runs with the clock: as if the process were busy all along.
    () => state.now,
    // Wake-ups are counted; the tests pump themselves.
    () => (state.wakes += 1),
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
  it("saturated, a key far above the others' mean waits, even with nothing in progress; light keys start at once", () => {
    const { scheduler, ask, serve, crowd } = harness();
    crowd(8);
    serve('key:flood', 50);
    expect(scheduler.running).toBe(0);
    expect(ask('key:flood', 'flood-1')).toBe('waiting');
    expect(ask('key:light', 'light-1')).toBe('started');
    expect(ask('key:table-0', 'table-1')).toBe('started');
    expect(scheduler.waiting()).toBe(1);
  });

  it('keys of about equal use never wait for each other, however busy the service', () => {
    const { ask, serve } = harness();
    for (let i = 0; i < 20; i++) serve(`key:table-${i}`, 10 + (i % 3));
    const outcomes = Array.from({ length: 20 }, (_, i) => ask(`key:table-${i}`, `t-${i}`));
    expect(outcomes.every((o) => o === 'started')).toBe(true);
  });

  it("a waiting key starts once the others' use catches up with its decayed use; meanwhile it asks to be woken", () => {
    const { state, scheduler, started, ask, serve, crowd } = harness({ costHalfLifeMs: 1000 });
    crowd(8);
    serve('key:flood', 50);
    expect(ask('key:flood', 'flood-1')).toBe('waiting');
    expect(state.wakes).toBe(1);
    scheduler.pump();
    expect(started).not.toContain('flood-1');
    // Two half-lives: the flood stands at 12.5; then each table uses 10 (their mean about 10): within 2×.
    state.now += 2000;
    for (let i = 0; i < 8; i++) serve(`key:table-${i}`, 10);
    scheduler.pump();
    expect(started).toContain('flood-1');
    expect(scheduler.waiting()).toBe(0);
  });

  it('released in fair order: least recent use first, each charged its mean cost as it starts', () => {
    const { state, scheduler, started, ask, serve, crowd } = harness();
    crowd(10);
    serve('key:flood', 50);
    serve('key:busy', 30);
    for (const n of [1, 2]) {
      expect(ask('key:flood', `flood-${n}`)).toBe('waiting');
      expect(ask('key:busy', `busy-${n}`)).toBe('waiting');
    }
    started.length = 0;
    state.saturated = false;
    scheduler.pump();
    // busy (30) goes and is charged 30 more (60); flood (50) is then the least, and goes to 100.
    expect(started).toEqual(['busy-1', 'flood-1', 'busy-2', 'flood-2']);
  });

  it('a request is charged its share of the work done while it was in progress', () => {
    const { state, scheduler, tickets, ask } = harness();
    state.saturated = false;
    ask('key:a', 'a');
    ask('key:b', 'b');
    state.now += 30; // two in progress: 15 each
    tickets.get('a')!.finish();
    state.now += 10; // b alone
    tickets.get('b')!.finish();
    expect(scheduler.costOf('key:a')).toBeCloseTo(15);
    expect(scheduler.costOf('key:b')).toBeCloseTo(25);
  });

  it('waiting keys of equal use are served in turn, not one key to the end', () => {
    const { state, scheduler, started, ask, serve, crowd } = harness();
    crowd(10);
    serve('key:a', 30);
    serve('key:b', 30);
    for (const n of [1, 2, 3]) {
      ask('key:a', `a-${n}`);
      ask('key:b', `b-${n}`);
    }
    started.length = 0;
    state.saturated = false;
    scheduler.pump();
    expect(started.map((name) => name[0])).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });
});

describe('fair queue: bounds, and no wait when the service keeps up', () => {
  it("a key's queue holds at most `perKey` requests; the next is refused and changes nothing", () => {
    const { scheduler, ask, serve, crowd } = harness({ perKey: 2 });
    crowd(8);
    serve('key:flood', 50);
    serve('key:flood-2', 50);
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
    const { state, scheduler, started, ask, serve, crowd } = harness();
    crowd(8);
    serve('key:flood', 50);
    state.saturated = false;
    const outcomes = Array.from({ length: 20 }, (_, i) => ask('key:flood', `f-${i}`));
    expect(outcomes.every((o) => o === 'started')).toBe(true);
    expect(started.filter((name) => name.startsWith('f-'))).toHaveLength(20);
    expect(scheduler.running).toBe(20);
    expect(scheduler.waiting()).toBe(0);
  });

  it('a request waits at most maxWaitMs, whatever its key’s use: keys are paced, never stopped', () => {
    const { state, scheduler, started, ask, serve, crowd } = harness({ maxWaitMs: 1000 });
    crowd(8);
    serve('key:flood', 50);
    expect(ask('key:flood', 'flood-1')).toBe('waiting');
    state.now += 999;
    scheduler.pump();
    expect(started).not.toContain('flood-1');
    state.now += 1;
    scheduler.pump();
    expect(started).toContain('flood-1');
  });

  it('a key alone is never over its share: there is no one to share with', () => {
    const { ask, serve } = harness();
    serve('key:organiser', 500);
    expect(ask('key:organiser', 'import')).toBe('started');
  });

  it('once saturation ends, whoever waited starts with the next request, in fair order, before it', () => {
    const { state, started, ask, serve, crowd } = harness();
    crowd(10);
    serve('key:flood', 50);
    serve('key:busy', 20);
    ask('key:flood', 'flood-1');
    ask('key:busy', 'busy-1');
    state.saturated = false;
    started.length = 0;
    expect(ask('key:other', 'other-1')).toBe('started');
    expect(started).toEqual(['busy-1', 'flood-1', 'other-1']);
  });

  it('a finish given twice counts once', () => {
    const { state, scheduler, tickets, ask } = harness();
    state.saturated = false;
    ask('key:a', 'a');
    ask('key:b', 'b');
    tickets.get('a')!.finish();
    tickets.get('a')!.finish();
    expect(scheduler.running).toBe(1);
  });
});

describe('fair queue: measured use decays', () => {
  it("a key's use halves every half-life", () => {
    const { state, scheduler, serve } = harness({ costHalfLifeMs: 1000 });
    serve('key:flood', 80);
    expect(scheduler.costOf('key:flood')).toBeCloseTo(80);
    state.now += 1000;
    expect(scheduler.costOf('key:flood')).toBeCloseTo(40);
    state.now += 2000;
    expect(scheduler.costOf('key:flood')).toBeCloseTo(10);
  });

  it('a past flood is forgiven: once its use has decayed below the others’, it no longer waits', () => {
    const heavyNow = harness({ costHalfLifeMs: 100 });
    heavyNow.serve('key:old-flood', 100);
    heavyNow.crowd(5);
    expect(heavyNow.ask('key:old-flood', 'flood-1')).toBe('waiting');

    const later = harness({ costHalfLifeMs: 100 });
    later.serve('key:old-flood', 100);
    later.state.now += 1000; // ten half-lives: about 0.1 ms left, while the tables are busy now
    later.crowd(5);
    expect(later.ask('key:old-flood', 'flood-1')).toBe('started');
  });

  it('keys idle for two half-lives no longer count toward the mean; until then they do', () => {
    const stillActive = harness({ costHalfLifeMs: 100 });
    stillActive.serve('key:flood', 100);
    stillActive.crowd(5);
    stillActive.state.now += 150; // the tables 1.5 half-lives idle: still active, their mean about 0.35 ms
    expect(stillActive.ask('key:flood', 'flood-1')).toBe('waiting');

    const gone = harness({ costHalfLifeMs: 100 });
    gone.serve('key:flood', 100);
    gone.crowd(5);
    gone.state.now += 250; // 2.5 half-lives: no other key is active, and a key alone has no one to share with
    expect(gone.ask('key:flood', 'flood-1')).toBe('started');
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

describe('fair queue: saturation is a late timer on a busy event loop', () => {
  /** An EventLoopLag on a hand-driven clock (threshold 20 ms, 80% busy, samples every 10 ms, held 500 ms). */
  function lagAt() {
    const clock = { now: 0 };
    const lag = new EventLoopLag(20, 0.8, 10, 500, () => clock.now);
    lag.sample({ now: 0, busy: 0 });
    return { clock, lag };
  }

  it('a sample 30 ms late while the loop was busy nearly all along: saturated, and held for 500 ms', () => {
    const { clock, lag } = lagAt();
    clock.now = 40;
    lag.sample({ now: 40, busy: 0.97 });
    expect(lag.saturated()).toBe(true);
    clock.now = 539;
    expect(lag.saturated()).toBe(true);
    clock.now = 541;
    expect(lag.saturated()).toBe(false);
  });

  it('as late while the loop mostly idled (a machine busy with other processes): not saturated', () => {
    const { clock, lag } = lagAt();
    clock.now = 40;
    lag.sample({ now: 40, busy: 0.1 });
    expect(lag.saturated()).toBe(false);
  });

  it('a busy loop whose timers fire on time is keeping up: not saturated', () => {
    const { clock, lag } = lagAt();
    for (let at = 10; at <= 100; at += 10) lag.sample({ now: at, busy: 1 });
    clock.now = 100;
    expect(lag.saturated()).toBe(false);
  });

  // Only this half on the real loop: whether an idle loop's timer fires on time depends on the machine's
  // load and on the test runner's own work, so the idle half is shown on samples given by hand above.
  it('on the real event loop: 200 ms of synchronous work makes it saturated', async () => {
    // Half busy is enough here: on a loaded machine the idle span before the work may stretch.
    const lag = new EventLoopLag(20, 0.5, 10, 500);
    lag.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const until = performance.now() + 200;
      while (performance.now() < until) {
        // the service's thread busy with one long piece of work
      }
      await new Promise((resolve) => setTimeout(resolve, 15));
      expect(lag.saturated()).toBe(true);
    } finally {
      lag.stop();
    }
  });
});
