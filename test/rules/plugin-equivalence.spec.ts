import { atomicAfricaRuleIdOf } from '../../src/audit/replay/atomic-africa.js';
import { handToHandRuleIdOf } from '../../src/audit/replay/hand-to-hand.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { isMatchLevelEvent } from '../../src/rules/match/events.js';
import { rosterOf } from '../../src/projections/roster.projection.js';
import {
  advanceContext,
  describeEvent as describeOld,
  initialContext,
} from '../../src/projections/turn-log/describe.js';
import type { DomainEvent } from '../../src/rules/common/decider.js';
import type { FieldPath } from '../../src/rules/common/turn-log.js';
import { type AnyRuleset, rulesetFor } from '../../src/rules/registry.js';
import type { Viewer } from '../../src/rules/ruleset.js';
import { advanceLogContext, describeEvent, initialLogContext } from '../../src/rules/turn-log.js';
import { closeCombat, shootingTests, zuluCharge } from '../audit/support/match-log.js';
import {
  everyAtomicAfricaStep,
  everyHandToHandStep,
  everyMatchLevelStep,
} from '../projections/support/scenarios.js';

/**
 * The ruleset plug-in's turn-log sentences, rule ids and roster were moved out of the turn-log
 * projection, the verifier and the roster projection: on the events of real matches they give what
 * the old code gives, word for word.
 */

interface Log {
  name: string;
  events: { type: string; data: unknown; metadata: { ruleset?: { id: string; version: string } } }[];
}

async function logs(): Promise<Log[]> {
  const hh = await everyHandToHandStep(new InMemoryEventStore());
  await everyMatchLevelStep(hh);
  const aa = await everyAtomicAfricaStep(new InMemoryEventStore());
  await everyMatchLevelStep(aa);
  return [
    { name: 'every hand-to-hand step', events: await hh.events() },
    { name: 'every atomic-africa step', events: await aa.events() },
    { name: 'E-1, the Zulu charge', events: await (await zuluCharge({ end: true })).events() },
    { name: 'shooting tests, server dice', events: await (await shootingTests({ end: true })).events() },
    { name: 'a close combat with sealed cards', events: await (await closeCombat()).events() },
  ];
}

function rulesetOf(log: Log): AnyRuleset {
  const ref = log.events[0]!.metadata.ruleset!;
  return rulesetFor(ref)!;
}

const VIEWERS: Viewer[] = [{}, { side: 'A' }, { side: 'B' }];

/** Every path into the event down to its leaves, and the empty path. */
function pathsOf(value: unknown, path: FieldPath = []): FieldPath[] {
  const here = [path];
  if (typeof value !== 'object' || value === null) return here;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [i, item] as const)
    : Object.entries(value as Record<string, unknown>);
  return [...here, ...entries.flatMap(([key, item]) => pathsOf(item, [...path, key]))];
}

describe('the ruleset plug-in says what the code it replaces says', () => {
  let recorded: Log[];
  beforeAll(async () => {
    recorded = await logs();
  });

  it('covers every event type of both rulesets and of the match level', () => {
    const seen = new Set(recorded.flatMap((log) => log.events.map((e) => `${rulesetOf(log).id}:${e.type}`)));
    for (const id of ['hand-to-hand', 'atomic-africa']) {
      const ruleset = rulesetFor({ id, version: '1.0.0' })!;
      for (const type of ruleset.eventTypes) expect(seen).toContain(`${id}:${type}`);
    }
  });

  it('describes every event of real matches word for word as the turn-log projection did, for every viewer', () => {
    let compared = 0;
    for (const log of recorded) {
      const ruleset = rulesetOf(log);
      for (const viewer of VIEWERS) {
        let before = initialContext(ruleset.id);
        let after = initialLogContext(ruleset.id);
        for (const { type, data } of log.events) {
          const event = isMatchLevelEvent({ type })
            ? { type, data }
            : ruleset.viewEvent({ type, data } as DomainEvent, viewer);
          expect({ log: log.name, line: describeEvent(ruleset, after, event) }).toEqual({
            log: log.name,
            line: describeOld(before, event),
          });
          before = advanceContext(before, event);
          after = advanceLogContext(ruleset, after, event);
          expect(after).toEqual(before);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("names the rule of every field of every event as the verifier's ruleIdOf did", () => {
    for (const log of recorded) {
      const ruleset = rulesetOf(log);
      const old = ruleset.id === 'hand-to-hand' ? handToHandRuleIdOf : atomicAfricaRuleIdOf;
      for (const { type, data } of log.events) {
        if (isMatchLevelEvent({ type })) continue;
        const event = { type, data } as DomainEvent;
        for (const path of pathsOf(event)) {
          expect({ type, path, ruleId: ruleset.ruleIdOf(event, path) }).toEqual({
            type,
            path,
            ruleId: old(event, path),
          });
        }
      }
    }
  });

  it('lists the roster as the roster projection did, after every event', () => {
    for (const log of recorded) {
      const ruleset = rulesetOf(log);
      let state = ruleset.decider.initialState();
      for (const { type, data } of log.events) {
        if (isMatchLevelEvent({ type })) continue;
        state = ruleset.decider.evolve(state, { type, data } as DomainEvent);
        expect(ruleset.roster(state)).toEqual(rosterOf(ruleset, ruleset.viewState(state, {})));
      }
    }
  });
});
