import { readFileSync } from 'node:fs';
import { type ExportedEvent, parseNdjson } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { MatchFold } from '../../src/match/fold.js';
import { rulesetFor } from '../../src/rulesets/registry.js';

/**
 * Golden logs recorded by earlier versions of hand-to-hand (1.0.0 before 2.0.0 existed, 2.0.0 by the
 * service while it was the current version: a Q-17 close by a striking impact, the 2.0.0 double-flank
 * case that only ending the turn recorded, a fight-back, a stuck reform, shooting tests, a withdrawal;
 * and a server-dice match with client seeds). Later versions must never change how they replay or verify.
 */

function fixture(name: string): ExportedEvent[] {
  return parseNdjson(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

const GOLDEN = [
  ['hand-to-hand-1.0.0.ndjson', '1.0.0'],
  ['hand-to-hand-2.0.0-table.ndjson', '2.0.0'],
  ['hand-to-hand-2.0.0-server.ndjson', '2.0.0'],
] as const;

describe('hand-to-hand golden logs of earlier versions', () => {
  it.each(GOLDEN)(
    'C-3 %s verifies unchanged: chain, every command decided again to the same events, server rolls',
    (name, version) => {
      const log = fixture(name);
      const report = verifyMatchLog(log);
      expect(report).toMatchObject({
        ok: true,
        ruleset: { id: 'hand-to-hand', version },
        head: { revision: log.length },
        checked: { chain: { ok: true }, outcomes: { ok: true, events: log.length } },
      });
      expect(report.firstDiscrepancy).toBeUndefined();
    },
  );

  it('Q-17 C-3 the 2.0.0 double-flank log replays as 2.0.0 decided it: nothing awaited until the turn ended', () => {
    const log = fixture('hand-to-hand-2.0.0-server.ndjson');
    const ruleset = rulesetFor({ id: 'hand-to-hand', version: '2.0.0' })!;
    const fold = new MatchFold(ruleset);
    for (const event of log) {
      if (event.type === 'TurnEnded') {
        // both flank charges in contact, declarations open: 2.0.0 awaited nothing here
        expect(ruleset.awaiting(fold.state)).toEqual([]);
        break;
      }
      fold.apply(event);
    }
    const closing = log.findIndex((event) => event.type === 'DefenderSurrendered');
    expect(log[closing + 4]?.type).toBe('TurnEnded');
    expect(log.slice(closing, closing + 4).some((event) => event.type === 'AttackerVictorious')).toBe(false);
  });
});
