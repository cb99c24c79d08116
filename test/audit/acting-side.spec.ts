import type { ExportedEvent } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import { closeCombat, zuluCharge } from './support/match-log.js';
import { edit } from './support/tamper.js';

/**
 * C-6: each command came from a key allowed to send it. The chain cannot tell (a forger recomputes
 * it), and the events would be what the rules give whoever sent them: only the actor, checked against
 * the unit's owner and the rules, shows player A acting for B's unit.
 */
describe('the verifier checks who sent each command', () => {
  let hh: ExportedEvent[];
  let aa: ExportedEvent[];
  beforeAll(async () => {
    hh = await (await zuluCharge({ end: true })).events();
    aa = await (await closeCombat()).events();
  });

  const as = (events: ExportedEvent[], revision: number, actor: object) =>
    edit(events, revision, (e) => (e.metadata.actor = actor as ExportedEvent['metadata']['actor']), {
      rechain: true,
    });

  it('C-6 player A sending the morale test of B’s unit fails at that event, though chain and outcomes hold', () => {
    const report = verifyMatchLog(as(hh, 8, { role: 'player', side: 'A', keyId: 'key-A' }));
    expect(report.checked.chain.ok).toBe(true);
    expect(report.firstDiscrepancy).toEqual({
      revision: 8,
      ruleId: 'C-6',
      check: 'outcomes',
      message: 'TakeMoraleTest is for side B to send, but the log says a player of side A sent it',
    });
  });

  it('C-6 player B charging with A’s unit, and B ending A’s turn, fail', () => {
    expect(
      verifyMatchLog(as(hh, 4, { role: 'player', side: 'B', keyId: 'key-B' })).firstDiscrepancy,
    ).toMatchObject({
      revision: 4,
      ruleId: 'C-6',
      message: 'Charge is for side A to send, but the log says a player of side B sent it',
    });
    const aaTurnEnd = aa.find((e) => e.type === 'TurnEnded')!.metadata.revision;
    expect(
      verifyMatchLog(as(aa, aaTurnEnd, { role: 'player', side: 'B', keyId: 'key-B' })).firstDiscrepancy,
    ).toMatchObject({ revision: aaTurnEnd, ruleId: 'C-6' });
  });

  it('C-6 AA-2 a sealed order sent for another side’s unit fails', () => {
    // 8: B seals b1's card; here A is said to have sent it.
    expect(
      verifyMatchLog(as(aa, 8, { role: 'player', side: 'A', keyId: 'key-A' })).firstDiscrepancy,
    ).toMatchObject({
      revision: 8,
      ruleId: 'C-6',
      message: 'SealOrder is for side B to send, but the log says a player of side A sent it',
    });
  });

  it('C-6 a unit registered by a player for the other side, a charge sent by the organiser or a spectator, a match created by a player: each fails', () => {
    const cases: [revision: number, actor: object, message: string][] = [
      [2, { role: 'player', side: 'B', keyId: 'key-B' }, 'RegisterUnit is for side A to send'],
      [
        4,
        { role: 'organiser', keyId: 'key-organiser' },
        "Charge is a player's command, but the log says an organiser key sent it",
      ],
      [4, { role: 'judge', keyId: 'key-judge' }, "Charge is a player's command"],
      [4, { role: 'spectator', keyId: 'key-spectator' }, 'Charge was sent by a spectator key'],
      [1, { role: 'player', side: 'A', keyId: 'key-A' }, 'the match was created by a player key'],
    ];
    for (const [revision, actor, message] of cases) {
      const found = verifyMatchLog(as(hh, revision, actor)).firstDiscrepancy;
      expect({ actor, found }).toMatchObject({
        actor,
        found: { revision, ruleId: 'C-6', message: expect.stringContaining(message) },
      });
    }
  });

  it('C-6 the untouched logs pass: organisers register units, each side sends its own units’ commands', () => {
    expect(verifyMatchLog(hh).ok).toBe(true);
    expect(verifyMatchLog(aa).ok).toBe(true);
    // A player registering its own side's unit is allowed, as the service allows it.
    expect(verifyMatchLog(as(hh, 2, { role: 'player', side: 'A', keyId: 'key-A' })).ok).toBe(true);
  });
});
