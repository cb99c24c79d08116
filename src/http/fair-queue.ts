import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/**
 * Fair sharing of the service between keys. On a machine that gives the service little CPU,
 * a flood that stays inside its rate limit still costs the other tables: its admitted requests are
 * served like theirs, and each takes CPU the tables' commands wait for (unread, in their sockets). While
 * the service is saturated, a key that has lately used more than `share` times the mean of the other
 * active keys waits, in a queue of its own, until the others' use catches up with its (decayed) use; the
 * waiting keys go in order of their recent use, least first. Keys of about equal use never wait for each
 * other, however busy the service; while it is not saturated, nothing waits.
 */
export interface FairQueueSettings {
  /**
   * How many times the mean use of the other active keys a key may use, while saturated, before its
   * requests wait (UMPIRE_FAIR_QUEUE_SHARE).
   */
  share: number;
  /** Requests of one key that may wait; past it, 429 (UMPIRE_FAIR_QUEUE_PER_KEY). */
  perKey: number;
  /** A key's measured use counts half after this long (UMPIRE_FAIR_QUEUE_COST_HALF_LIFE_MS). */
  costHalfLifeMs: number;
  /**
   * The longest a request waits, whatever its key's use (UMPIRE_FAIR_QUEUE_MAX_WAIT_MS): a slow key is
   * paced, never stopped, even when the saturation signal is wrong (a machine too busy to run an idle
   * service's timers on time looks saturated too).
   */
  maxWaitMs: number;
}

/** Whether the service has more to do than it can do at once right now. */
export type SaturationSignal = () => boolean;

/** One started request: `finish` charges its key the work it took. */
export interface Ticket {
  finish(): void;
}

/** What became of a request: started at once, waiting its key's turn, or refused (its key's queue is full). */
export type Admission = 'started' | 'waiting' | 'refused';

/** One key's recent use (decayed), and its requests waiting. */
interface Account {
  readonly key: string;
  /** Use in ms of work, as it stood at `at`; it halves every half-life since. */
  cost: number;
  at: number;
  /** A request's measured cost, averaged: what a request is charged when it starts, before it is measured. */
  meanCost: number;
  inProgress: number;
  readonly waiting: { start: (ticket: Ticket) => void; since: number }[];
  /** Whether its use is in the scheduler's running total of the active keys' use. */
  counted: boolean;
}

/**
 * How long the event loop has been busy so far, in ms: the work the requests in progress share. It is
 * the service thread's own time (its JavaScript and the native calls it waits on, such as a commit),
 * not the worker threads' (a verification runs on one) nor other processes'. It is read twice per
 * request, so it must be cheap: the event loop's utilisation is a plain read, where the process's CPU
 * time (process.cpuUsage) is a system call each time.
 */
function loopBusyMs(): number {
  return performance.eventLoopUtilization().active;
}

/** How often waiting requests are looked at again: their key's use decays, the others' grows. */
const WAKE_MS = 10;

function wakeSoon(pump: () => void): void {
  setTimeout(pump, WAKE_MS).unref();
}

/**
 * The scheduler alone: no HTTP; the clocks, the saturation signal and the wake-up are given, so that
 * its order can be tested exactly. A request's cost is its share of the event loop's busy time while it
 * was in progress (each request in progress at a moment takes an equal share of that moment's work):
 * Node gives no time per request, and wall time would charge a table's command for the time it only
 * waits (a flood of quick reads would look lighter than the tables it slows). A request is
 * charged its key's mean cost when it starts, and corrected when it finishes, so that a key with many
 * waiting requests does not start them all before its first one is measured. Costs decay on wall time;
 * a key counts as active for two half-lives after its last charge, or while it has requests.
 */
export class FairScheduler {
  private readonly accounts = new Map<string, Account>();
  /** Accounts with at least one request waiting. */
  private readonly backlog = new Set<Account>();
  private inProgress = 0;
  private waitingCount = 0;
  private sweepAt = 0;
  private awake = false;
  /** Work done per request in progress so far (ms): each request's cost is how far it moved meanwhile. */
  private perRequest = 0;
  private workSeen: number;
  /**
   * The active keys' use together (decayed to `totalAt`) and how many they are: a key's share is
   * checked against them at every request while saturated, so they are kept as charges come instead of
   * summed over every key each time. Keys stop counting when they fall idle only at a recount, every
   * twentieth of a half-life (100 ms by default), which also clears the sum's rounding.
   */
  private total = 0;
  private totalAt = 0;
  private activeKeys = 0;
  private recountAt = 0;

  constructor(
    private readonly settings: FairQueueSettings,
    private readonly saturated: SaturationSignal,
    private readonly now: () => number = () => performance.now(),
    private readonly work: () => number = loopBusyMs,
    private readonly wake: (pump: () => void) => void = wakeSoon,
  ) {
    this.workSeen = work();
  }

  /** Requests waiting now, all keys together, and of one key. */
  waiting(key?: string): number {
    return key === undefined ? this.waitingCount : (this.accounts.get(key)?.waiting.length ?? 0);
  }

  /** Requests started and not yet finished. */
  get running(): number {
    return this.inProgress;
  }

  /** Keys with an account (recent use, or requests in progress or waiting). */
  get tracked(): number {
    return this.accounts.size;
  }

  /** A key's recent use in ms of work, decayed to now. */
  costOf(key: string): number {
    const account = this.accounts.get(key);
    return account ? this.decayed(account, this.now()) : 0;
  }

  /**
   * Asks to start one request of `key`: `start` runs now, or later in fair order, and must call its
   * ticket's `finish` when the request ends.
   */
  request(key: string, start: (ticket: Ticket) => void): Admission {
    const now = this.now();
    if (now >= this.sweepAt) this.sweep(now);
    const account = this.account(key, now);
    if (!this.saturated()) {
      // Not saturated: whoever waited goes now, in fair order, and then this one.
      this.pump();
      this.begin(account, start);
      return 'started';
    }
    // A key with requests waiting keeps their order: this one goes behind them.
    if (account.waiting.length === 0 && !this.isHeavy(account, now)) {
      this.begin(account, start);
      return 'started';
    }
    if (account.waiting.length >= this.settings.perKey) return 'refused';
    account.waiting.push({ start, since: now });
    this.waitingCount += 1;
    this.backlog.add(account);
    this.pump();
    return 'waiting';
  }

  /**
   * Starts waiting requests, least recent use first: all of them once the service is not saturated,
   * otherwise while the least used waiting key is within its share. Asks to be woken while any wait.
   */
  pump(): void {
    while (this.waitingCount > 0) {
      const now = this.now();
      let next: Account | undefined;
      let least = Infinity;
      let overdue: Account | undefined;
      for (const account of this.backlog) {
        const cost = this.decayed(account, now);
        if (cost < least) {
          least = cost;
          next = account;
        }
        if (now - account.waiting[0]!.since >= this.settings.maxWaitMs) overdue ??= account;
      }
      if (overdue) next = overdue;
      else if (this.saturated() && this.isHeavy(next!, now)) break;
      const { start } = next!.waiting.shift()!;
      this.waitingCount -= 1;
      if (next!.waiting.length === 0) this.backlog.delete(next!);
      this.begin(next!, start);
    }
    if (this.waitingCount > 0 && !this.awake) {
      this.awake = true;
      this.wake(() => {
        this.awake = false;
        this.pump();
      });
    }
  }

  /** Whether a key has lately used more than its share: `share` times the mean of the other active keys. */
  private isHeavy(account: Account, now: number): boolean {
    if (now >= this.recountAt) this.recount(now);
    const own = this.decayed(account, now);
    const everyone = this.total * this.decay(now - this.totalAt);
    const others = account.counted ? Math.max(0, everyone - own) : everyone;
    const active = account.counted ? this.activeKeys - 1 : this.activeKeys;
    return active > 0 && own > (this.settings.share * others) / active;
  }

  /**
   * Sums the active keys' use afresh: a key is active while it has requests in progress or waiting, and
   * for two half-lives after its last charge.
   */
  private recount(now: number): void {
    let total = 0;
    let active = 0;
    for (const account of this.accounts.values()) {
      const live = account.inProgress > 0 || account.waiting.length > 0;
      account.counted = live || now - account.at < 2 * this.settings.costHalfLifeMs;
      if (!account.counted) continue;
      total += this.decayed(account, now);
      active += 1;
    }
    this.total = total;
    this.totalAt = now;
    this.activeKeys = active;
    this.recountAt = now + this.settings.costHalfLifeMs / 20;
  }

  /** Shares the work done since last seen among the requests in progress then. */
  private advance(): void {
    const work = this.work();
    if (this.inProgress > 0) this.perRequest += (work - this.workSeen) / this.inProgress;
    this.workSeen = work;
  }

  private begin(account: Account, start: (ticket: Ticket) => void): void {
    this.advance();
    const startedAt = this.perRequest;
    const estimate = account.meanCost;
    this.charge(account, estimate, this.now());
    account.inProgress += 1;
    this.inProgress += 1;
    let finished = false;
    start({
      finish: () => {
        if (finished) return;
        finished = true;
        this.advance();
        const spent = Math.max(0, this.perRequest - startedAt);
        this.charge(account, spent - estimate, this.now());
        account.meanCost = account.meanCost === 0 ? spent : 0.8 * account.meanCost + 0.2 * spent;
        account.inProgress -= 1;
        this.inProgress -= 1;
      },
    });
  }

  private charge(account: Account, ms: number, now: number): void {
    const before = this.decayed(account, now);
    account.cost = Math.max(0, before + ms);
    account.at = now;
    // The running total follows: decayed to now, less the key's use before, plus its use after.
    this.total = this.total * this.decay(now - this.totalAt) + account.cost - (account.counted ? before : 0);
    this.totalAt = now;
    if (!account.counted) {
      account.counted = true;
      this.activeKeys += 1;
    }
  }

  private decayed(account: Account, now: number): number {
    return account.cost * this.decay(now - account.at);
  }

  /** What a use of 1 is worth `elapsed` ms later: it halves every half-life. */
  private decay(elapsed: number): number {
    return elapsed <= 0 ? 1 : 2 ** (-elapsed / this.settings.costHalfLifeMs);
  }

  private account(key: string, now: number): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = { key, cost: 0, at: now, meanCost: 0, inProgress: 0, waiting: [], counted: false };
      this.accounts.set(key, account);
    }
    return account;
  }

  /** Keys idle long enough that their use has all but gone are forgotten, so that accounts do not pile up. */
  private sweep(now: number): void {
    for (const [key, account] of this.accounts) {
      const idle = account.inProgress === 0 && account.waiting.length === 0;
      if (idle && this.decayed(account, now) < 0.01) this.accounts.delete(key);
    }
    this.sweepAt = now + this.settings.costHalfLifeMs;
    // The keys forgotten may still be in the running total.
    this.recountAt = now;
  }
}

/** The share of a sample's span the event loop was busy (0 to 1), and the time it was taken. */
export interface LoopSample {
  now: number;
  busy: number;
}

/**
 * Saturation, measured: a timer every `sampleMs` notes how late it fires (event-loop delay) and how
 * much of the span since the last sample the event loop was busy. The service counts as saturated
 * when a sample is `thresholdMs` late or more while the loop was busy for `busyShare` of the span or
 * more, and for `holdMs` after it, so that the queue does not flap open and shut at every sample. Both,
 * because a late timer alone does not tell a service with more work than it can do from one that
 * idles on a machine too busy to run its timers on time: there the loop was idle, waiting its turn
 * for a core, and no key is made to wait. The timer is unref'd: it never keeps the process up.
 */
export class EventLoopLag {
  private timer: NodeJS.Timeout | undefined;
  private expected = 0;
  private until = 0;
  private mark: EventLoopUtilization | undefined;

  constructor(
    private readonly thresholdMs: number,
    private readonly busyShare = 0.8,
    private readonly sampleMs = 10,
    private readonly holdMs = 500,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  start(): void {
    if (this.timer) return;
    this.expected = this.clock() + this.sampleMs;
    this.mark = performance.eventLoopUtilization();
    this.timer = setInterval(() => {
      const current = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(current, this.mark).utilization;
      this.mark = current;
      this.sample({ now: this.clock(), busy });
    }, this.sampleMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One sample, as the timer takes it (tests give their own). */
  sample({ now, busy }: LoopSample): void {
    if (now - this.expected >= this.thresholdMs && busy >= this.busyShare) this.until = now + this.holdMs;
    this.expected = now + this.sampleMs;
  }

  readonly saturated: SaturationSignal = () => this.clock() < this.until;
}
