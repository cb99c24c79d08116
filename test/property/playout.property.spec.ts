import fc from 'fast-check';
import { currentRuleset, RULESET_IDS } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { playout, type PlayoutSpec } from './playout.js';

/**
 * The play contract is complete: random matches of every ruleset, played from the contract alone over
 * the real HTTP pipeline (DTOs, guards, the command path, the SQLite store), never reach a dead end,
 * every template sent with legal choices is accepted, every illegal variant is refused naming a rule or
 * a field and appends nothing, the log verifies, the cached aggregate equals a fresh fold, and no side's
 * card is offered to anyone else. A failure prints its seed and the command that replays it.
 *
 * The budget is fixed here (PLAYOUT_MATCHES raises it: `npm run playout -- 200`); PLAYOUT_SEED,
 * PLAYOUT_RULESET and PLAYOUT_DICE replay one match.
 */
const MATCHES = Number(process.env.PLAYOUT_MATCHES ?? 2);
const STEPS = Number(process.env.PLAYOUT_STEPS ?? 45);
const SEED = process.env.PLAYOUT_SEED === undefined ? undefined : Number(process.env.PLAYOUT_SEED);

/** The current version of each ruleset: what a new match is created under. */
const rulesets = RULESET_IDS.map((id) => currentRuleset(id)!).filter(
  (r) => !process.env.PLAYOUT_RULESET || r.id === process.env.PLAYOUT_RULESET,
);
const diceModes = (
  process.env.PLAYOUT_DICE ? [process.env.PLAYOUT_DICE] : ['table', 'server']
) as PlayoutSpec['diceMode'][];

describe('random playouts from the play contract alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  const played: object[] = [];
  afterAll(() => {
    if (process.env.PLAYOUT_REPORT) console.log(JSON.stringify(played, null, 1));
  });

  for (const ruleset of rulesets) {
    const hooked = ruleset.awaitedTemplates !== undefined && ruleset.available !== undefined;
    // A ruleset without its hooks has templates derived from its steps alone, which cannot be complete.
    const run = hooked ? it : it.skip;
    run(
      `${ruleset.id}@${ruleset.version}: no dead end, legal templates accepted, illegal ones refused, the log verifies (${MATCHES} matches)${hooked ? '' : ' (the ruleset states no play-contract hooks yet)'}`,
      async () => {
        if (SEED !== undefined) {
          const spec = { seed: SEED, rulesetId: ruleset.id, diceMode: diceModes[0]!, maxSteps: STEPS };
          played.push({ ...spec, ...(await playout(t.app, { ...spec, illegalRate: 0.3 })) });
          return;
        }
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 2 ** 31 - 1 }),
            fc.constantFrom(...diceModes),
            async (seed, diceMode) => {
              const spec = { seed, rulesetId: ruleset.id, diceMode, maxSteps: STEPS, illegalRate: 0.3 };
              played.push({ rulesetId: ruleset.id, diceMode, ...(await playout(t.app, spec)) });
            },
          ),
          { numRuns: MATCHES, endOnFailure: true, verbose: 1 },
        );
      },
      Math.max(120_000, MATCHES * 40_000),
    );
  }
});
