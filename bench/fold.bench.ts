import { MatchFold } from '../src/match/fold.js';
import { currentRuleset } from '../src/rulesets/registry.js';
import { longMatch } from './verify-match.js';

/**
 * The pure fold on its own: `MatchFold.apply` over every event of the verification bench's match
 * (100,000 hand-to-hand events, server dice, undos, turns). The best of several rounds counts, so
 * that a busy machine's worst moments do not. That the fold gives the states it always gave is
 * test/rules/fold-sameness.spec.ts's to prove, against recorded digests.
 */
const SIZE = Number(process.env.UMPIRE_BENCH_FOLD_EVENTS ?? 100_000);
const ROUNDS = Number(process.env.UMPIRE_BENCH_FOLD_ROUNDS ?? 7);

export interface FoldFigures {
  events: number;
  perSecond: number;
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
  let best = 0;
  for (let round = 0; round < ROUNDS; round++) {
    global.gc?.();
    best = Math.max(best, rate(events, new MatchFold(ruleset)));
  }
  return { events: events.length, perSecond: best };
}

export function printFold(figures: FoldFigures): void {
  const format = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(`pure fold, MatchFold.apply over a ${format(figures.events)}-event hand-to-hand match`);
  console.log(`  ${format(figures.perSecond)} events/s`);
}

if (process.argv[1]?.endsWith('fold.bench.ts')) printFold(benchFold());
