/**
 * Fair sharing of the service between keys (issue 12). On a machine that gives the service little CPU,
 * a flood that stays inside its rate limit still costs the other tables: its admitted requests are
 * served like theirs, in arrival order, and 64 of them in progress take 64 shares of the event loop.
 * While the service is saturated, at most `concurrency` keyed requests are in progress; the rest wait in
 * one queue per key, and a free place goes to the waiting key that has recently used the least service
 * time. A key that floods has used far more than a table's key and so waits its turn; a table's key
 * goes first. While the service is not saturated, nothing waits.
 */
export interface FairQueueSettings {
  /** Keyed requests in progress at once, while saturated, before others wait (UMPIRE_FAIR_QUEUE_CONCURRENCY). */
  concurrency: number;
  /** Requests of one key that may wait; past it, 429 (UMPIRE_FAIR_QUEUE_PER_KEY). */
  perKey: number;
  /** A key's measured service time counts half after this long (UMPIRE_FAIR_QUEUE_COST_HALF_LIFE_MS). */
  costHalfLifeMs: number;
}

/** A key that has used more than this many times the mean service time of the keys seen lately waits. */
const HEAVY = 2;

/** Whether the service has more to do than it can do at once right now. */
export type SaturationSignal = () => boolean;

/** One admitted request's place: `finish` gives it back and charges its key the time it took. */
export interface Ticket {
  finish(): void;
}

/** What became of a request: started at once, waiting its key's turn, or refused (its key's queue is full). */
export type Admission = 'started' | 'waiting' | 'refused';

/** One key's recent service time (decayed), and its requests waiting. */
interface Account {
  readonly key: string;
  /** Service time in ms, as it stood at `at`; it halves every half-life since. */
  cost: number;
  at: number;
  /** A request's measured cost, averaged: what a request is charged when it starts, before it is measured. */
  meanCost: number;
  inProgress: number;
  readonly waiting: ((ticket: Ticket) => void)[];
}

/** The process's CPU time so far, in ms: the work the requests in progress share. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The scheduler alone: no HTTP, no timers; the clocks and the saturation signal are given, so that its
 * order can be tested exactly. A request's cost is its share of the CPU the process used while it was
 * in progress (each request in progress at a moment takes an equal share of that moment's work): Node
 * gives no CPU time per request, and wall time would charge a table's command for its wait on the disk
 * (measured so, a flood of quick reads looked lighter than the tables it slowed). A request is charged
 * its key's mean cost when it starts, and corrected when it finishes, so that a key with many waiting
 * requests does not get every free place before its first one is measured. Costs decay on wall time.
 */
export class FairScheduler {
  private readonly accounts = new Map<string, Account>();
  /** Accounts with at least one request waiting. */
  private readonly backlog = new Set<Account>();
  private inProgress = 0;
  private waitingCount = 0;
  /** The sum of every account's cost, as it stood at `totalSince`. */
  private total = 0;
  private totalSince = 0;
  private sweepAt = 0;

  /** Work done per request in progress so far (ms): each request's cost is how far it moved meanwhile. */
  private perRequest = 0;
  private workSeen: number;

  constructor(
    private readonly settings: FairQueueSettings,
    private readonly saturated: SaturationSignal,
    private readonly now: () => number = () => performance.now(),
    private readonly work: () => number = processCpuMs,
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

  /** Keys with an account (recent cost, or requests in progress or waiting). */
  get tracked(): number {
    return this.accounts.size;
  }

  /** A key's recent service time in ms, decayed to now. */
  costOf(key: string): number {
    const account = this.accounts.get(key);
    return account ? this.decayed(account, this.now()) : 0;
  }

  /**
   * Asks to start one request of `key`: `start` runs now (unsaturated, or a place is free and nobody
   * waits) or later in fair order, and must call its ticket's `finish` when the request ends.
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
    const roomNow = this.waitingCount === 0 && this.inProgress < this.settings.concurrency;
    if (roomNow || !this.isHeavy(account, now)) {
      this.begin(account, start);
      return 'started';
    }
    if (account.waiting.length >= this.settings.perKey) return 'refused';
    account.waiting.push(start);
    this.waitingCount += 1;
    this.backlog.add(account);
    this.pump();
    return 'waiting';
  }

  /** Starts waiting requests, least recent cost first, while there is room (or no saturation). */
  pump(): void {
    while (this.waitingCount > 0 && (this.inProgress < this.settings.concurrency || !this.saturated())) {
      const now = this.now();
      let next: Account | undefined;
      let least = Infinity;
      for (const account of this.backlog) {
        const cost = this.decayed(account, now);
        if (cost < least) {
          least = cost;
          next = account;
        }
      }
      const start = next!.waiting.shift()!;
      this.waitingCount -= 1;
      if (next!.waiting.length === 0) this.backlog.delete(next!);
      this.begin(next!, start);
    }
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
        this.pump();
      },
    });
  }

  private charge(account: Account, ms: number, now: number): void {
    const before = this.decayed(account, now);
    account.cost = Math.max(0, before + ms);
    account.at = now;
    this.total = Math.max(0, this.totalAt(now) + account.cost - before);
    this.totalSince = now;
  }

  /**
   * Whether a key has used more than HEAVY times the mean of the keys seen lately: only such a key
   * waits. Keys of about equal use (twenty tables) never wait for each other, so a busy service is not
   * slowed by the queue itself; a flood is far above the mean, however many keys share the service.
   */
  private isHeavy(account: Account, now: number): boolean {
    return this.decayed(account, now) > (HEAVY * this.totalAt(now)) / this.accounts.size;
  }

  /** Every key's cost together, decayed to now: all decay alike, so one sum is kept. */
  private totalAt(now: number): number {
    const elapsed = now - this.totalSince;
    return elapsed <= 0 ? this.total : this.total * 2 ** (-elapsed / this.settings.costHalfLifeMs);
  }

  private decayed(account: Account, now: number): number {
    const elapsed = now - account.at;
    return elapsed <= 0 ? account.cost : account.cost * 2 ** (-elapsed / this.settings.costHalfLifeMs);
  }

  private account(key: string, now: number): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = { key, cost: 0, at: now, meanCost: 0, inProgress: 0, waiting: [] };
      this.accounts.set(key, account);
    }
    return account;
  }

  /** Keys idle long enough that their cost has all but gone are forgotten, so that accounts do not pile up. */
  private sweep(now: number): void {
    for (const [key, account] of this.accounts) {
      const idle = account.inProgress === 0 && account.waiting.length === 0;
      const cost = this.decayed(account, now);
      if (idle && cost < 0.01) {
        this.accounts.delete(key);
        this.total = Math.max(0, this.totalAt(now) - cost);
        this.totalSince = now;
      }
    }
    this.sweepAt = now + this.settings.costHalfLifeMs;
  }
}

/**
 * Saturation, measured: a timer every `sampleMs` notes how late it fires (event-loop delay). The
 * service counts as saturated from a delay of `thresholdMs` on, and for `holdMs` after it, so that the
 * queue does not flap open and shut at every sample. The timer is unref'd: it never keeps the process up.
 */
export class EventLoopLag {
  private timer: NodeJS.Timeout | undefined;
  private expected = 0;
  private until = 0;

  constructor(
    private readonly thresholdMs: number,
    private readonly sampleMs = 10,
    private readonly holdMs = 500,
  ) {}

  start(): void {
    if (this.timer) return;
    this.expected = performance.now() + this.sampleMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      if (now - this.expected >= this.thresholdMs) this.until = now + this.holdMs;
      this.expected = now + this.sampleMs;
    }, this.sampleMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  readonly saturated: SaturationSignal = () => performance.now() < this.until;
}
