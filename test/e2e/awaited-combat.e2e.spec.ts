import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, type Caller, type MatchTable, openMatch } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field */

/**
 * A client that knows nothing of the match but its answers: it reads what is awaited, builds the
 * command from the awaited item alone (the charge's id or the close combat's pair from `combat`), and
 * posts it to the route the item names, as the side it names.
 */
describe('an awaited step names its charge or close combat, over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;
  const seat = (m: MatchTable, side: 'A' | 'B'): Caller => (side === 'A' ? m.A : m.B);

  /** The body of the command an awaited hand-to-hand step asks for, from the step and the dice only. */
  function handToHandBody(awaited: any): object {
    switch (awaited.command) {
      case 'RollImpact':
        return { chargeId: awaited.combat.chargeId, dice: [1] };
      case 'TakeMoraleTest':
        // HH-8: the melee test (a rally test would be HH-13)
        return { unitId: awaited.unitId, cause: 'melee', dice: [1, 2] };
      default:
        throw new Error(`this client does not answer ${awaited.command}`);
    }
  }

  it('Q-17 HH-9 HH-7 HH-8 two charges declared: the client rolls each impact and test with the charge id read from the awaited step', async () => {
    const m = await openMatch(t, { matchId: 'awaited-hh', ruleset: 'hand-to-hand' });
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['uve', 'A'],
      ['nnc', 'B'],
      ['carbineers', 'B'],
    ] as const) {
      await m.organiser.command(at(m, 'units'), { unitId, name: unitId, side, morale: 7, move: 6 });
    }
    for (const [chargeId, attackerId, defenderId] of [
      ['c1', 'impi', 'nnc'],
      ['c2', 'uve', 'carbineers'],
    ]) {
      await m.A.command(at(m, 'charges'), {
        chargeId,
        attackerId,
        defenderId,
        aspect: 'front',
        slope: 'level',
        dice: [1, 2],
      });
    }

    let answer = (await m.A.get(`/matches/${m.matchId}`)).body;
    // The fields awaited steps always had, beside the template's (route, body, choices, dice).
    expect(answer.awaiting).toEqual([
      expect.objectContaining({
        step: 'impact-rolls',
        command: 'RollImpact',
        route: at(m, 'impact-rolls'),
        side: 'A',
        unitId: 'impi',
        ruleId: 'Q-17',
        combat: { kind: 'charge', chargeId: 'c1' },
      }),
    ]);
    // a spectator reads the same step
    expect((await m.spectator.get(`/matches/${m.matchId}`)).body.awaiting).toEqual(answer.awaiting);

    const followed: string[] = [];
    const struck: string[] = [];
    while (answer.awaiting.length > 0) {
      const [next] = answer.awaiting;
      followed.push(`${next.command} ${next.combat?.chargeId}`);
      const reply = await seat(m, next.side).command(next.route, handToHandBody(next));
      answer = reply.body;
      for (const event of answer.events) if (event.type === 'ImpactRolled') struck.push(event.data.chargeId);
      if (followed.length > 8) throw new Error(`awaiting never empties: ${followed.join(', ')}`);
    }
    expect(followed).toEqual(['RollImpact c1', 'TakeMoraleTest c1', 'RollImpact c2', 'TakeMoraleTest c2']);
    expect(struck).toEqual(['c1', 'c2']);
  });

  it('AA-4 the opponent declares for its unit against the close combat the awaited step names', async () => {
    const m = await atomicAfricaInContact(t, 'awaited-aa');
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: { rank: '5', suit: 'hearts' } });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: { rank: '9', suit: 'clubs' } });
    await m.B.command(at(m, 'intents'), { unitId: 'b1', intent: 'fight' });

    const [awaited] = (await m.A.get(`/matches/${m.matchId}`)).body.awaiting;
    expect(awaited).toEqual(
      expect.objectContaining({
        step: 'intents',
        command: 'DeclareIntent',
        route: at(m, 'intents'),
        side: 'A',
        unitId: 'a1',
        ruleId: 'AA-4',
        combat: { kind: 'close-combat', unitIds: ['a1', 'b1'] },
      }),
    );
    const [first, second] = awaited.combat.unitIds as [string, string];
    const opponentId = first === awaited.unitId ? second : first;
    const reply = await seat(m, awaited.side).command(awaited.route, {
      unitId: awaited.unitId,
      intent: 'fight',
      opponentId,
    });
    expect(reply.body.events).toMatchObject([
      { type: 'IntentDeclared', data: { unitId: 'a1', role: 'reacting', opponentId: 'b1' } },
    ]);
    // AA-5: both reveals now, the activating unit's first, in the same close combat
    expect(reply.body.awaiting.map((step: any) => [step.command, step.unitId, step.combat])).toEqual([
      ['RevealOrder', 'b1', { kind: 'close-combat', unitIds: ['a1', 'b1'] }],
      ['RevealOrder', 'a1', { kind: 'close-combat', unitIds: ['a1', 'b1'] }],
    ]);
  });
});
