import { MatchFold } from '../src/match/fold.js';
import { currentRuleset } from '../src/rules/registry.js';
import { MatchFoldBefore } from './fold-before.js';
import { longMatch } from './verify-match.js';

/**
 * The pure fold on its own: `MatchFold.apply` over every event of the verification bench's match
 * (100,000 hand-to-hand events, server dice, undos, turns), against the fold as it stood before the
 * rules-performance work (bench/fold-before.ts), in the same process. Rounds alternate so that both
 * see the same machine; the best round of each counts (the build machine is shared).
 */
const SIZE = Number(process.env.UMPIRE_BENCH_FOLD_EVENTS ?? 100_000);
const ROUNDS = Number(process.env.UMPIRE_BENCH_FOLD_ROUNDS ?? 7);

export interface FoldFigures {
  events: number;
  beforePerSecond: number;
  afterPerSecond: number;
}

function rate(
  events: readonly { type: string; data: unknown; metadata: { revision: number } }[],
  fold: { apply(e: (typeof events)[number]): void },
): number {
  const start = process.hrtime.bigint();
  for (const event of events) fold.apply(event);
  return events.length / (Number(process.hrtime.bigint() - start) / 1e9);
}

export function benchFold(): FoldFigures {
  const ruleset = currentRuleset('hand-to-hand')!;
  const { events } = longMatch(SIZE);
  let before = 0;
  let after = 0;
  for (let round = 0; round < ROUNDS; round++) {
    global.gc?.();
    before = Math.max(before, rate(events, new MatchFoldBefore(ruleset)));
    global.gc?.();
    after = Math.max(after, rate(events, new MatchFold(ruleset)));
  }
  return { events: events.length, beforePerSecond: before, afterPerSecond: after };
}

export function printFold(figures: FoldFigures): void {
  const format = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(`pure fold, MatchFold.apply over a ${format(figures.events)}-event hand-to-hand match`);
  console.log(
    `  before ${format(figures.beforePerSecond)} events/s   after ${format(figures.afterPerSecond)} events/s   ratio ${(figures.afterPerSecond / figures.beforePerSecond).toFixed(2)}×`,
  );
}

if (process.argv[1]?.endsWith('fold.bench.ts')) printFold(benchFold());
