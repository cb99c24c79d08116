import { readFileSync } from 'node:fs';
import { type ExportedEvent, parseNdjson } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { closeCombat, zuluCharge } from './support/match-log.js';
import { copy, edit, rechain } from './support/tamper.js';

/**
 * Each append records the prepared command inside the hash chain, and the verifier decides that very
 * command again. Logs from before commands were recorded go through the compatibility path.
 */

/** The same log as it was recorded before commands were: no command in any metadata, hashes anew. */
function withoutCommands(events: readonly ExportedEvent[]): ExportedEvent[] {
  const stripped = copy(events);
  for (const event of stripped) delete event.metadata.command;
  return rechain(stripped);
}

function fixture(name: string): ExportedEvent[] {
  return parseNdjson(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('recorded commands', () => {
  let hh: ExportedEvent[];
  let aa: ExportedEvent[];
  beforeAll(async () => {
    hh = await (await zuluCharge({ end: true })).events();
    aa = await (await closeCombat()).events();
  });

  it('C-3 every append records its command on its first event, inside the chain', () => {
    for (const log of [hh, aa]) {
      const firsts = log.filter((e, i) => i === 0 || log[i - 1]!.metadata.commandId !== e.metadata.commandId);
      for (const event of firsts)
        expect(event.metadata.command).toEqual(expect.objectContaining({ type: expect.any(String) }));
      for (const event of log.filter((e) => !firsts.includes(e)))
        expect(event.metadata.command).toBeUndefined();
    }
    expect(hh.find((e) => e.type === 'ChargeDeclared')!.metadata.command).toMatchObject({ type: 'Charge' });
  });

  it('AA-2 a card the service sealed into escrow is in no event and no recorded command before its reveal', () => {
    const sealed = aa.find((e) => e.type === 'OrderSealed' && e.metadata.command?.escrow !== undefined)!;
    expect(sealed.metadata.command).toMatchObject({
      type: 'SealOrder',
      unitId: 'b1',
      commitment: expect.any(String),
      escrow: expect.any(String),
    });
    expect(sealed.metadata.command).not.toHaveProperty('card');
    const revealedAt = aa.find(
      (e) => e.type === 'OrderRevealed' && (e.data as { unitId: string }).unitId === 'b1',
    )!.metadata.revision;
    for (const event of aa.filter((e) => e.metadata.revision < revealedAt)) {
      expect(JSON.stringify(event)).not.toMatch(/hearts/);
    }
  });

  it('C-3 a log recorded with commands verifies by deciding each recorded command again', () => {
    expect(verifyMatchLog(hh)).toMatchObject({ ok: true, checked: { outcomes: { ok: true, commands: 8 } } });
    expect(verifyMatchLog(aa)).toMatchObject({
      ok: true,
      checked: { reveals: { ok: true, reveals: 2, verified: 2 } },
    });
  });

  // compatibility: logs recorded before commands were recorded (2026-11-30); remove with the rulesets' legacy-commands.ts.
  it('C-3 a log recorded before commands were recorded still verifies, its commands rebuilt from its events', () => {
    for (const log of [hh, aa]) {
      const old = withoutCommands(log);
      expect(old.some((e) => e.metadata.command !== undefined)).toBe(false);
      expect(verifyMatchLog(old)).toMatchObject({ ok: true });
    }
    // And the rebuilt commands are still checked: an old log's forged outcome is caught as before.
    const forged = edit(withoutCommands(hh), 8, (e) => (e.data.outcome = 'retreat'), { rechain: true });
    expect(verifyMatchLog(forged).firstDiscrepancy).toMatchObject({ revision: 8, ruleId: 'HH-3' });
  });

  it('C-3 a recorded command rewritten (and the chain recomputed) is caught at its event', () => {
    // The charge at revision 4 recorded as coming uphill: the rules give another charge than the log's.
    const forged = edit(hh, 4, (e) => (e.metadata.command!.slope = 'uphill'), { rechain: true });
    const report = verifyMatchLog(forged);
    expect(report.ok).toBe(false);
    expect(report.firstDiscrepancy).toMatchObject({ revision: 4, check: 'outcomes' });
  });

  it('C-3 a recorded command rewritten without recomputing the chain breaks the chain at its event', () => {
    const forged = edit(hh, 4, (e) => (e.metadata.command!.slope = 'uphill'));
    expect(verifyMatchLog(forged).firstDiscrepancy).toMatchObject({
      revision: 4,
      ruleId: 'C-3',
      check: 'chain',
    });
  });

  describe('logs kept from version 1.0.0 of each ruleset (checked in: they must verify for ever)', () => {
    it.each(['hand-to-hand-1.0.0.ndjson', 'atomic-africa-1.0.0.ndjson'])('C-3 %s verifies', (name) => {
      const log = fixture(name);
      const report = verifyMatchLog(log);
      expect(report).toMatchObject({ ok: true, ruleset: { version: '1.0.0' } });
      expect(report.checked.outcomes.events).toBe(log.length);
    });
  });
});
