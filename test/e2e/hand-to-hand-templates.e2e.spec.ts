import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, type MatchTable, openMatch } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field */

/**
 * A whole hand-to-hand match (2.1.0) over HTTP, on the real app and its SQLite store, played by posting
 * the play contract's templates only: every body is a template's body with its choices set to values the
 * template allows and exactly the table faces it asks for. Nothing is typed in by hand but those picks.
 */

type Picks = Record<string, unknown>;

/** The value a choice allows, or a failure naming what the template offered instead. */
function allowed(choice: any, value: unknown): boolean {
  switch (choice.kind) {
    case 'one-of':
      return choice.options.some((option: any) => option.value === value);
    case 'yes-no':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value) && (value as number) >= choice.min && (value as number) <= choice.max;
    case 'text':
      return typeof value === 'string' && value.length <= choice.maxLength;
    default:
      return false;
  }
}

/** What a client does with a template: copy the body, set each choice asked for, add the faces asked for. */
function fill(template: any, picks: Picks, faces: number[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = { ...template.body };
  for (const choice of template.choices) {
    if (choice.when !== undefined && body[choice.when.path] !== choice.when.value) continue;
    if (!(choice.path in picks)) {
      if (choice.optional) continue;
      throw new Error(`template ${template.action} asks for ${choice.path}; the test picked nothing`);
    }
    const value = picks[choice.path];
    if (!allowed(choice, value)) {
      throw new Error(`${template.action}: ${choice.path} ${JSON.stringify(value)} is not offered`);
    }
    body[choice.path] = value;
  }
  if (template.dice?.source === 'table') {
    expect(faces).toHaveLength(template.dice.count);
    body[template.dice.path] = faces;
  } else {
    // server dice, or no die at all: the body carries no faces
    expect(faces).toEqual([]);
  }
  return body;
}

describe('hand-to-hand 2.1.0 played over HTTP by its play-contract templates alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const seat = (m: MatchTable, side: 'A' | 'B'): Caller => (side === 'A' ? m.A : m.B);

  /** The contract as the side to act sees it. */
  async function contract(m: MatchTable, side: 'A' | 'B'): Promise<any> {
    const reply = await seat(m, side).get(`/matches/${m.matchId}`);
    expect(reply.status).toBe(200);
    return reply.body;
  }

  /** The one template of `action` (awaited first, then available) of this side that `where` selects. */
  async function template(
    m: MatchTable,
    side: 'A' | 'B',
    action: string,
    where: (template: any) => boolean = () => true,
  ): Promise<any> {
    const view = await contract(m, side);
    const found = [
      ...view.awaiting.map((step: any) => ({ ...step, side: step.side })),
      ...view.available,
    ].filter((candidate: any) => candidate.action === action && candidate.side === side && where(candidate));
    if (found.length === 0) {
      throw new Error(
        `no ${action} template for side ${side}; awaiting ${JSON.stringify(view.awaiting.map((s: any) => s.action))}, available ${JSON.stringify(view.available.map((s: any) => s.action))}`,
      );
    }
    return found[0];
  }

  /** Posts a filled template to its route, as the side it names; it must be accepted. */
  async function play(
    m: MatchTable,
    side: 'A' | 'B',
    action: string,
    picks: Picks = {},
    faces: number[] = [],
    where?: (template: any) => boolean,
  ): Promise<any> {
    const chosen = await template(m, side, action, where);
    expect(chosen.method).toBe('POST');
    const reply = await seat(m, side).post(chosen.route, {
      commandId: commandId('tpl'),
      ...fill(chosen, picks, faces),
    });
    if (reply.status !== 201) {
      throw new Error(`${action} at ${chosen.route} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return reply.body;
  }

  const types = (answer: any): string[] => answer.events.map((event: any) => event.type);

  /** Registers two units a side by the setup templates; returns their ids by name. */
  async function register(m: MatchTable, morale: { A: number; B: number }): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const [name, side] of [
      ['Z1', 'A'],
      ['Z2', 'A'],
      ['N1', 'B'],
      ['N2', 'B'],
    ] as const) {
      const answer = await play(m, side, 'register-unit', { name, morale: morale[side], move: 6 });
      ids[name] = answer.events[0].data.unitId;
    }
    return ids;
  }

  it('Q-17 Q-29 HH-7 HH-8 HH-12 HH-15 HH-18 C-4 table dice: setup, the double-flank surrender closed with no die, a melee, a withdrawal, the end', async () => {
    const m = await openMatch(t, { matchId: 'tpl-table', ruleset: 'hand-to-hand', diceMode: 'table' });
    expect((await contract(m, 'A')).ruleset.version).toBe('2.1.0');
    const u = await register(m, { A: 8, B: 7 });

    // Turn 1 (A): a shooting test first (HH-18), then two charges on N1's flanks, N1 touched nowhere else
    const shot = await play(m, 'A', 'shooting-test', { unitId: u.Z2, penalty: 1 }, [1, 2]);
    expect(types(shot)).toEqual(['MoraleTested']);
    await play(
      m,
      'A',
      'charge',
      { defenderId: u.N1, aspect: 'left-flank', slope: 'level' },
      [3, 4],
      (c) => c.unitId === u.Z1,
    );
    await play(
      m,
      'A',
      'charge',
      { defenderId: u.N1, aspect: 'right-flank', slope: 'level' },
      [3, 4],
      (c) => c.unitId === u.Z2,
    );
    // the closing command is awaited, asks for no die, and records the surrender (Q-29: both victorious)
    const view = await contract(m, 'A');
    expect(view.awaiting).toHaveLength(1);
    expect(view.awaiting[0]).toMatchObject({
      action: 'close-declarations',
      command: 'RollImpact',
      ruleId: 'Q-17',
    });
    expect(view.awaiting[0].dice).toBeUndefined();
    const closed = await play(m, 'A', 'close-declarations');
    expect(types(closed)).toEqual([
      'DefenderSurrendered',
      'UnitRemoved',
      'AttackerVictorious',
      'AttackerVictorious',
      'AttackEndedWithoutImpact',
      'AttackEndedWithoutImpact',
    ]);
    await play(m, 'A', 'end-turn');

    // Turn 2 (B): N2 charges Z1's front; impact 1D6, Z1's test 2D6 fails by 7 (Retreat), it moves back
    await play(
      m,
      'B',
      'charge',
      { defenderId: u.Z1, aspect: 'front', slope: 'level' },
      [2, 2],
      (c) => c.unitId === u.N2,
    );
    const impact = await play(m, 'B', 'impact-roll', {}, [3]);
    expect(impact.events.at(-1)).toMatchObject({ type: 'ImpactRolled', data: { impact: 4 } });
    const test = await play(m, 'A', 'morale-test', {}, [5, 6]);
    expect(test.events[0]).toMatchObject({ type: 'MoraleTested', data: { outcome: 'retreat' } });
    const ground = await play(m, 'A', 'give-ground-report', { couldMove: true, leftTable: false });
    expect(types(ground)).toEqual(['GroundGiven']);
    await play(m, 'B', 'end-turn');

    // Turn 3 (A): Z1 retreated (HH-12: no attack this turn) and is offered none; Z2 is victorious (+1, Q-29)
    const turn3 = await contract(m, 'A');
    expect(turn3.available.filter((c: any) => c.command === 'Charge' && c.unitId === u.Z1)).toEqual([]);
    await play(
      m,
      'A',
      'charge',
      { defenderId: u.N2, aspect: 'front', slope: 'level' },
      [3, 4],
      (c) => c.unitId === u.Z2,
    );
    const struck = await play(m, 'A', 'impact-roll', {}, [1]);
    expect(struck.events.at(-1).data.modifiers.map((x: any) => x.name)).toEqual(['charge', 'victorious']);
    await play(m, 'B', 'morale-test', {}, [1, 2]);
    await play(m, 'A', 'end-turn');

    // Turn 4 (B): N2, in contact with Z2, withdraws (HH-15), then the turn ends
    const withdrew = await play(m, 'B', 'withdraw', { unitId: u.N2, leftTable: false });
    expect(types(withdrew)).toEqual(['UnitWithdrew']);
    await play(m, 'B', 'end-turn');

    // The organiser ends the match by its own template
    const end = (await m.organiser.get(`/matches/${m.matchId}`)).body.available.find(
      (c: any) => c.action === 'end',
    );
    const ended = await m.organiser.post(end.route, {
      commandId: commandId('tpl'),
      ...fill(end, { winner: 'A' }),
    });
    expect(ended.status).toBe(201);
    expect((await contract(m, 'A')).ended).toBe(true);
  });

  it('Q-17 C-2 server dice: the closing command uses no roll index; then the match plays on by its templates', async () => {
    // morale up to 12, so that every willpower test passes and both flank charges make contact
    const m = await openMatch(t, {
      matchId: 'tpl-server',
      ruleset: 'hand-to-hand',
      diceMode: 'server',
      parameters: { morale: { min: 6, max: 12 } },
    });
    const u = await register(m, { A: 12, B: 12 });
    const first = await play(
      m,
      'A',
      'charge',
      { defenderId: u.N1, aspect: 'left-flank', slope: 'level' },
      [],
      (c) => c.unitId === u.Z1,
    );
    const second = await play(
      m,
      'A',
      'charge',
      { defenderId: u.N1, aspect: 'rear', slope: 'level' },
      [],
      (c) => c.unitId === u.Z2,
    );
    const indexOf = (answer: any) =>
      answer.events.find((e: any) => e.type === 'WillpowerTested').data.roll.index;
    expect([indexOf(first), indexOf(second)]).toEqual([1, 2]);
    const closed = await play(m, 'A', 'close-declarations');
    expect(JSON.stringify(closed.events)).not.toContain('"index"');
    expect(types(closed)).toContain('DefenderSurrendered');
    await play(m, 'A', 'end-turn');
    // the next server roll is roll 3: the closing command used none
    const next = await play(
      m,
      'B',
      'charge',
      { defenderId: u.Z1, aspect: 'front', slope: 'level' },
      [],
      (c) => c.unitId === u.N2,
    );
    expect(indexOf(next)).toBe(3);

    // Then on by the templates: whatever is awaited first, else a charge, else the turn's end
    for (let step = 0; step < 40; step++) {
      const view = await contract(m, (await contract(m, 'A')).activeSide);
      const [awaited] = view.awaiting;
      const side: 'A' | 'B' = awaited?.side ?? view.activeSide;
      const pick = (c: any): Picks =>
        Object.fromEntries(
          c.choices.map((choice: any) => [
            choice.path,
            choice.kind === 'one-of'
              ? choice.options[0].value
              : choice.kind === 'yes-no'
                ? choice.path === 'couldMove'
                : choice.min,
          ]),
        );
      const action =
        awaited?.action ??
        (view.available.some((c: any) => c.action === 'charge' && c.side === side) ? 'charge' : 'end-turn');
      const chosen = await template(m, side, action);
      await play(
        m,
        side,
        action,
        pick(chosen),
        [],
        (c) => c.route === chosen.route && JSON.stringify(c.body) === JSON.stringify(chosen.body),
      );
    }
    expect((await contract(m, 'A')).turn).toBeGreaterThan(2);
  });
});
