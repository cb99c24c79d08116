import { startTestApp, type TestApp } from './support/test-app.js';
import { commandId, type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * The hand-to-hand ruleset over real HTTP on a real SQLite file: each scenario the issue names, from
 * creating the match to the outcome, with table dice so every face is known.
 */
describe('hand-to-hand over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  let n = 0;
  async function match(
    options: { parameters?: object; diceMode?: 'server' | 'table' } = {},
  ): Promise<MatchTable> {
    n += 1;
    return openMatch(t, { matchId: `hh-${n}`, ruleset: 'hand-to-hand', ...options });
  }
  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;

  async function units(m: MatchTable, list: [id: string, side: 'A' | 'B', morale: number][]): Promise<void> {
    for (const [unitId, side, morale] of list) {
      await m.organiser.command(at(m, 'units'), { unitId, name: unitId, side, morale, move: 6 });
    }
  }

  /** A level frontal charge ('c') that passes its willpower test on 1+2, then its impact roll. */
  async function chargeAndImpact(
    m: MatchTable,
    attackerId: string,
    defenderId: string,
    impactDie: number,
  ): Promise<void> {
    await m.A.command(at(m, 'charges'), {
      chargeId: 'c',
      attackerId,
      defenderId,
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c', dice: [impactDie] });
  }

  const types = (reply: { body: { events: { type: string }[] } }) => reply.body.events.map((e) => e.type);

  it('E-1 Zulus downhill charge the NNC: impact 4, the NNC needs 3 or less, fails on 6 and reforms', async () => {
    const m = await match();
    await units(m, [
      ['impi', 'A', 8],
      ['nnc', 'B', 7],
    ]);
    const charge = await m.A.command(at(m, 'charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'downhill',
      dice: [2, 3],
    });
    expect(types(charge)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ContactMade']);
    expect(charge.body.state.awaiting).toEqual([expect.objectContaining({ step: 'impact-roll', side: 'A' })]);

    const impact = await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [4] });
    expect(impact.body.events[0].data).toMatchObject({
      die: 4,
      impact: 4,
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'downhill', value: -1, ruleId: 'HH-7' },
      ],
    });

    const test = await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [2, 4] });
    expect(test.body.events[0].data).toMatchObject({
      effectiveMorale: 3,
      total: 6,
      passed: false,
      margin: 3,
      outcome: 'reform',
    });
    expect(types(test)).toContain('AttackerVictorious');

    const ground = await m.B.command(at(m, 'give-ground-reports'), {
      unitId: 'nnc',
      couldMove: true,
      leftTable: false,
    });
    expect(types(ground)).toEqual(['GroundGiven']);
    const nnc = (await m.state()).units.nnc;
    expect(nnc).toMatchObject({
      status: 'active',
      cannotAttack: { inTurn: 2 },
      impactBonusAgainst: { value: 1, inTurn: 3 },
    });
    expect((await m.state()).awaiting).toEqual([]);
  });

  it.each([
    [true, 'holds', 'passed'],
    [false, 'fails by 5 and retreats', 'retreat'],
  ])('E-2 with doublesAutoPass %s the Britons %s on 5+5', async (doublesAutoPass, _, outcome) => {
    const m = await match({ parameters: { options: { doublesAutoPass } } });
    await units(m, [
      ['legion', 'A', 8],
      ['britons', 'B', 9],
    ]);
    await m.A.command(at(m, 'charges'), {
      attackerId: 'legion',
      defenderId: 'britons',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    const chargeId = (await m.state()).charges[0].chargeId;
    // die 3 + charge 1 = impact 4, as in the source's example
    await m.A.command(at(m, 'impact-rolls'), { chargeId, dice: [3] });
    const test = await m.B.command(at(m, 'morale-tests'), {
      unitId: 'britons',
      cause: 'melee',
      dice: [5, 5],
    });
    expect(test.body.events[0].data).toMatchObject({ effectiveMorale: 5, total: 10, margin: 5, outcome });
  });

  it('Q-17 Q-29 HH-9 two attackers declared on both flanks: the defender surrenders when the first impact roll closes the declarations, and both are victorious', async () => {
    const m = await match();
    await units(m, [
      ['left', 'A', 8],
      ['right', 'A', 8],
      ['reserve', 'A', 8],
      ['square', 'B', 9],
      ['pickets', 'B', 7],
    ]);
    const flank = (chargeId: string, attackerId: string, aspect: string) =>
      m.A.command(at(m, 'charges'), {
        chargeId,
        attackerId,
        defenderId: 'square',
        aspect,
        slope: 'level',
        dice: [1, 2],
      });
    await flank('l', 'left', 'left-flank');
    await flank('r', 'right', 'right-flank');
    // declared, not yet judged: once judged, no attack of the two would strike, so (2.1.0, Q-17) the
    // awaited closing command is the first declared attack's impact roll, which would roll no die
    expect((await m.state()).units.square.status).toBe('active');
    expect((await m.state()).awaiting).toEqual([
      { step: 'impact-roll', unitId: 'left', chargeId: 'l', side: 'A', ruleId: 'Q-17' },
    ]);
    await m.A.command(at(m, 'charges'), {
      chargeId: 'p',
      attackerId: 'reserve',
      defenderId: 'pickets',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    expect((await m.state()).awaiting).toEqual([
      { step: 'impact-roll', unitId: 'reserve', chargeId: 'p', side: 'A', ruleId: 'Q-17' },
    ]);
    const closing = await m.A.command(at(m, 'impact-rolls'), { chargeId: 'p', dice: [1] });
    expect(types(closing)).toEqual([
      'DefenderSurrendered',
      'UnitRemoved',
      // Q-29 (2.1.0): each attacker whose attack made contact is victorious
      'AttackerVictorious',
      'AttackerVictorious',
      'AttackEndedWithoutImpact',
      'AttackEndedWithoutImpact',
      'ImpactRolled',
    ]);
    expect((await m.state()).units.square).toMatchObject({
      status: 'removed',
      removedBecause: 'surrendered',
    });
    const late = await m.A.post(at(m, 'charges'), {
      commandId: commandId(),
      chargeId: 'x',
      attackerId: 'left',
      defenderId: 'pickets',
      aspect: 'front',
      slope: 'level',
      dice: [1, 1],
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ ruleId: 'Q-17' });
    await m.B.command(at(m, 'morale-tests'), { unitId: 'pickets', cause: 'melee', dice: [1, 2] }); // holds
    await m.A.command(at(m, 'end-turn'));
    await m.B.command(at(m, 'end-turn'));
    const again = await m.A.post(at(m, 'charges'), {
      commandId: commandId(),
      chargeId: 'a',
      attackerId: 'left',
      defenderId: 'square',
      aspect: 'front',
      slope: 'level',
      dice: [1, 1],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ruleId: 'HH-9', detail: expect.stringContaining('square') });
  });

  async function breakDefender(m: MatchTable): Promise<void> {
    await units(m, [
      ['zulus', 'A', 8],
      ['nnc', 'B', 6],
    ]);
    await chargeAndImpact(m, 'zulus', 'nnc', 5); // 5 + 1 = 6: effective morale 0
    const test = await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [3, 5] }); // 8 over
    expect(test.body.events[0].data.outcome).toBe('break');
    await m.B.command(at(m, 'give-ground-reports'), { unitId: 'nnc', couldMove: true, leftTable: false });
    const end = await m.A.command(at(m, 'end-turn'));
    expect(types(end)).toEqual(['TurnEnded', 'RallyTestRequired']);
    expect((await m.state()).awaiting).toEqual([
      expect.objectContaining({ step: 'rally-test', unitId: 'nnc', side: 'B' }),
    ]);
  }

  it('HH-13 a broken unit passes its rally test in its next turn against base morale, and reforms', async () => {
    const m = await match();
    await breakDefender(m);
    const rally = await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'rally', dice: [2, 3] });
    expect(rally.body.events[0].data).toMatchObject({ cause: 'rally', effectiveMorale: 6, passed: true });
    expect(types(rally)).toContain('UnitRallied');
    expect((await m.state()).units.nnc).toMatchObject({
      status: 'active',
      broken: false,
      cannotMove: { inTurn: 2 },
    });
  });

  it('HH-13 a broken unit that fails its rally test is removed', async () => {
    const m = await match();
    await breakDefender(m);
    const rally = await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'rally', dice: [4, 5] });
    expect(rally.body.events[0].data).toMatchObject({ passed: false });
    expect((await m.state()).units.nnc).toMatchObject({ status: 'removed', removedBecause: 'failed-rally' });
  });

  it('HH-11 a Reform that cannot move repeats the impact at +1, and the third in a row surrenders', async () => {
    const m = await match();
    await units(m, [
      ['legion', 'A', 8],
      ['band', 'B', 9],
    ]);
    await m.A.command(at(m, 'charges'), {
      chargeId: 'c',
      attackerId: 'legion',
      defenderId: 'band',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    let repeated: { name: string; value: number }[] = [];
    for (let round = 1; round <= 3; round++) {
      const impact = await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c', dice: [2] });
      repeated = impact.body.events[0].data.modifiers;
      // impact 3 (or 4 when repeated): effective 6 or 5; 2D6 of 7+4=… always 1–4 over
      await m.B.command(at(m, 'morale-tests'), { unitId: 'band', cause: 'melee', dice: [3, 6] });
      const stuck = await m.B.command(at(m, 'give-ground-reports'), {
        unitId: 'band',
        couldMove: false,
        leftTable: false,
      });
      const reform = stuck.body.events.find((e: { type: string }) => e.type === 'ReformStuck');
      expect(reform.data).toMatchObject({ count: round, surrenders: round === 3 });
    }
    expect(repeated).toContainEqual({ name: 'repeated impact', value: 1, ruleId: 'HH-11' });
    expect((await m.state()).units.band).toMatchObject({
      status: 'removed',
      removedBecause: 'stuck-reform-surrender',
    });
  });

  it('HH-15 a unit whose retreat takes it off the table is lost', async () => {
    const m = await match();
    await units(m, [
      ['zulus', 'A', 8],
      ['nnc', 'B', 7],
    ]);
    await chargeAndImpact(m, 'zulus', 'nnc', 3); // 4: effective 3
    await m.B.command(at(m, 'morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [4, 5] }); // 6 over: retreat
    await m.B.command(at(m, 'give-ground-reports'), { unitId: 'nnc', couldMove: true, leftTable: true });
    expect((await m.state()).units.nnc).toMatchObject({
      status: 'removed',
      removedBecause: 'left-the-table',
    });
  });

  it('C-2 server dice: no faces in the commands, every roll recorded with its index', async () => {
    const m = await match({ diceMode: 'server' });
    await units(m, [
      ['impi', 'A', 10],
      ['nnc', 'B', 7],
    ]);
    const charge = await m.A.command(at(m, 'charges'), {
      chargeId: 'c',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
    });
    const willpower = charge.body.events.find((e: { type: string }) => e.type === 'WillpowerTested');
    expect(willpower.data.roll).toMatchObject({
      origin: 'server',
      index: 1,
      side: 'A',
      purpose: 'willpower',
    });
    expect(willpower.data.roll.faces).toHaveLength(2);
    const withFaces = await m.A.post(at(m, 'impact-rolls'), {
      commandId: commandId(),
      chargeId: 'c',
      dice: [6],
    });
    expect(withFaces.status).toBe(422);
    expect(withFaces.body.ruleId).toBe('C-2');
  });

  describe('commands', () => {
    it('C-6 a repeated commandId appends nothing and returns the first result', async () => {
      const m = await match();
      await units(m, [
        ['impi', 'A', 8],
        ['nnc', 'B', 7],
      ]);
      const body = {
        commandId: 'charge-once',
        chargeId: 'c',
        attackerId: 'impi',
        defenderId: 'nnc',
        aspect: 'front',
        slope: 'level',
        dice: [1, 2],
      };
      const first = await m.A.post(at(m, 'charges'), body);
      const before = await m.revision();
      const second = await m.A.post(at(m, 'charges'), body);
      expect(second.body).toMatchObject({
        duplicate: true,
        revision: first.body.revision,
        events: first.body.events,
      });
      expect(await m.revision()).toBe(before);
    });

    it('C-6 commandIds are the sending key’s own: two players choosing the same id do not get each other’s answer', async () => {
      const m = await match();
      await units(m, [
        ['impi', 'A', 8],
        ['nnc', 'B', 7],
      ]);
      const seedA = await m.A.post(at(m, 'client-seeds'), { commandId: '1', seed: 'from A' });
      const seedB = await m.B.post(at(m, 'client-seeds'), { commandId: '1', seed: 'from B' });
      expect(seedA.body.duplicate).toBe(false);
      expect(seedB.body.duplicate).toBe(false);
      expect(seedB.body.events[0].data).toEqual({ side: 'B', seed: 'from B' });
      const retriedByA = await m.A.post(at(m, 'client-seeds'), { commandId: '1', seed: 'from A' });
      expect(retriedByA.body).toMatchObject({ duplicate: true, events: seedA.body.events });
    });

    it('C-6 a body that breaks validation gets a 400 naming the field, and changes nothing', async () => {
      const m = await match();
      const before = await m.revision();
      const reply = await m.organiser.post(at(m, 'units'), {
        commandId: commandId(),
        unitId: 'u',
        name: 'U',
        side: 'C',
        morale: 8,
        move: 6,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toContain('side');
      const unknown = await m.organiser.post(at(m, 'units'), {
        commandId: commandId(),
        unitId: 'u',
        name: 'U',
        side: 'A',
        morale: 8,
        move: 6,
        strength: 3,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toContain('strength');
      expect(await m.revision()).toBe(before);
    });

    it('HH-1 a morale outside 6–10 is refused with 422 naming the rule, and changes nothing', async () => {
      const m = await match();
      const before = await m.revision();
      const reply = await m.organiser.post(at(m, 'units'), {
        commandId: commandId(),
        unitId: 'u',
        name: 'U',
        side: 'A',
        morale: 11,
        move: 6,
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ ruleId: 'HH-1', detail: expect.stringMatching(/^HH-1: /) });
      expect(await m.revision()).toBe(before);
    });

    it('C-4 a player acts only for its own side; a spectator never acts', async () => {
      const m = await match();
      await units(m, [
        ['impi', 'A', 8],
        ['nnc', 'B', 7],
      ]);
      const body = { attackerId: 'impi', defenderId: 'nnc', aspect: 'front', slope: 'level', dice: [1, 2] };
      expect((await m.B.post(at(m, 'charges'), { commandId: commandId(), ...body })).status).toBe(403);
      expect((await m.spectator.post(at(m, 'charges'), { commandId: commandId(), ...body })).status).toBe(
        403,
      );
      expect((await m.A.post(at(m, 'end-turn'), { commandId: commandId() })).status).toBe(201);
      // Side A's own command, but in side B's turn: the rules refuse it.
      const wrongTurn = await m.A.post(at(m, 'charges'), { commandId: commandId(), ...body });
      expect(wrongTurn.status).toBe(409);
      expect(wrongTurn.body.ruleId).toBe('C-4');
    });

    it('C-3 concurrent commands on one match are all decided against the latest state, none lost', async () => {
      const m = await match();
      const registrations = Array.from({ length: 12 }, (_, i) =>
        m.organiser.post(at(m, 'units'), {
          commandId: commandId(),
          unitId: `u${i}`,
          name: `U${i}`,
          side: i % 2 ? 'B' : 'A',
          morale: 7,
          move: 6,
        }),
      );
      const replies = await Promise.all(registrations);
      expect(replies.map((r) => r.status)).toEqual(Array(12).fill(201));
      expect(Object.keys((await m.state()).units)).toHaveLength(12);
    });

    it('C-6 a command of the other ruleset is refused with 422, not taken for this one', async () => {
      const m = await match();
      await units(m, [
        ['impi', 'A', 8],
        ['nnc', 'B', 7],
      ]);
      const reply = await m.A.post(at(m, 'contacts'), {
        commandId: commandId(),
        unitId: 'impi',
        enemyId: 'nnc',
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ ruleId: 'C-6', detail: expect.stringContaining('hand-to-hand') });
    });

    it('GET /matches/:id of a match that does not exist is 404', async () => {
      const m = await match();
      expect((await m.organiser.get('/matches/no-such-match')).status).toBe(404);
    });
  });
});
