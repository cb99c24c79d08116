import { orderCommitment } from '../../src/rules/atomic-africa/index.js';
import type { AtomicAfricaState } from '../../src/rules/atomic-africa/index.js';
import type { TemplateChoice, TemplateDraft } from '../../src/rules/common/play-contract.js';
import { rulesetFor } from '../../src/rulesets/registry.js';
import type { AnyRuleset } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, type MatchTable, openMatch, type Reply } from './support/umpire-client.js';

/**
 * An Atomic Africa close combat played over real HTTP on SQLite by posting play-contract templates only:
 * each side reads the match as its own key sees it, builds the ruleset's templates from that view, sets
 * each choice to one of its allowed values, adds the dice asked for and a fresh commandId, and posts
 * the body to the command's route. No body is written by hand.
 */
describe('atomic-africa over HTTP, driven by its play-contract templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  type Side = 'A' | 'B';
  const callerOf = (m: MatchTable, side: Side): Caller => (side === 'A' ? m.A : m.B);

  /** The match as the side's key sees it, and the templates its ruleset gives that side from it. */
  async function read(m: MatchTable, side: Side) {
    const reply = await callerOf(m, side).get(`/matches/${m.matchId}`);
    expect(reply.status).toBe(200);
    const ruleset = rulesetFor(reply.body.ruleset) as AnyRuleset;
    const state = reply.body.state as AtomicAfricaState;
    const viewer = { side };
    return {
      ruleset,
      state,
      awaited: ruleset.awaitedTemplates!(state, viewer),
      available: ruleset.available!(state, viewer),
    };
  }

  /** The one template of this side for this action (and unit), awaited or available. */
  async function template(m: MatchTable, side: Side, action: string, unitId?: string) {
    const seen = await read(m, side);
    const found = [...seen.awaited, ...seen.available].filter(
      (tpl) => tpl.side === side && tpl.action === action && (unitId === undefined || tpl.unitId === unitId),
    );
    expect(found.map((tpl) => tpl.label)).toHaveLength(1);
    return { template: found[0]!, ruleset: seen.ruleset };
  }

  function allowed(choice: TemplateChoice, value: unknown): boolean {
    switch (choice.kind) {
      case 'one-of':
        return choice.options.some((o) => JSON.stringify(o.value) === JSON.stringify(value));
      case 'yes-no':
        return typeof value === 'boolean';
      case 'integer':
        return Number.isInteger(value) && (value as number) >= choice.min && (value as number) <= choice.max;
      case 'text':
        return typeof value === 'string' && value.length > 0 && value.length <= choice.maxLength;
    }
  }

  /**
   * Posts the template: its body, each choice asked for set to the value given (which must be one it
   * allows; a choice left out must be optional or not asked), the table dice at its dice path.
   */
  async function post(
    m: MatchTable,
    side: Side,
    found: { template: TemplateDraft; ruleset: AnyRuleset },
    values: Record<string, unknown> = {},
    faces?: number[],
  ): Promise<Reply> {
    const { template: tpl, ruleset } = found;
    const body: Record<string, unknown> = { ...tpl.body, commandId: commandId('tpl') };
    for (const choice of tpl.choices) {
      const asked =
        !choice.when || JSON.stringify(values[choice.when.path]) === JSON.stringify(choice.when.value);
      if (!asked) {
        expect(values).not.toHaveProperty(choice.path);
        continue;
      }
      if (!(choice.path in values)) {
        expect({ path: choice.path, optional: choice.optional ?? false }).toEqual({
          path: choice.path,
          optional: true,
        });
        continue;
      }
      expect({ path: choice.path, allowed: allowed(choice, values[choice.path]) }).toEqual({
        path: choice.path,
        allowed: true,
      });
      body[choice.path] = values[choice.path];
    }
    expect(Object.keys(values).every((path) => tpl.choices.some((c) => c.path === path))).toBe(true);
    if (tpl.dice) {
      expect(tpl.dice).toMatchObject({ source: 'table', path: 'dice' });
      expect(faces).toHaveLength(tpl.dice.count);
      body[tpl.dice.path!] = faces;
    } else {
      expect(faces).toBeUndefined();
    }
    const route = (ruleset.routes as Record<string, string>)[tpl.command];
    const reply = await callerOf(m, side).post(`/matches/${m.matchId}/${route}`, body);
    expect({ status: reply.status, body: reply.status === 201 ? 'accepted' : reply.body }).toEqual({
      status: 201,
      body: 'accepted',
    });
    return reply;
  }

  const types = (reply: Reply) => (reply.body.events as { type: string }[]).map((e) => e.type);

  it('AA-1 AA-2 AA-3 AA-4 AA-5 AA-6 AA-8 AA-9 AA-10 Q-21 Q-24 Q-27 both sides seal, fight and flee, reveal, pursue and attack from templates alone', async () => {
    const m = await openMatch(t, { matchId: 'aa-templates', ruleset: 'atomic-africa' });
    expect((await read(m, 'A')).ruleset.version).toBe('2.1.0');

    // AA-3: each side registers its units in setup, then A reports the contacts and ends its turn.
    for (const [side, unitId] of [
      ['A', 'a1'],
      ['A', 'a2'],
      ['B', 'b1'],
      ['B', 'b2'],
    ] as const) {
      // The template fills in a fresh unit id; a client may give its own instead (AA-3 checks it is free).
      const registration = await template(m, side, 'register-unit');
      expect(registration.template.body.unitId).toMatch(new RegExp(`^${side.toLowerCase()}-unit-\\d+$`));
      await post(
        m,
        side,
        {
          ...registration,
          template: { ...registration.template, body: { ...registration.template.body, unitId } },
        },
        {
          name: unitId,
          unitType: 'infantry',
          movement: 6,
          firepower: 2,
        },
      );
    }
    await post(m, 'A', await template(m, 'A', 'report-contact', 'a1'), { enemyId: 'b1' });
    await post(m, 'A', await template(m, 'A', 'report-contact', 'a2'), { enemyId: 'b2' });
    const ended = await post(m, 'A', await template(m, 'A', 'end-turn'));
    expect(types(ended)).toEqual(['TurnEnded', 'CloseCombatBegan', 'CloseCombatBegan']);

    // AA-1, AA-2, Q-21: turn 2 (B's). A gives a1 its card through the service, a2 by a commitment of its
    // own; B gives b1 and b2 theirs through the service. The picker leaves out a card A already gave.
    await post(m, 'A', await template(m, 'A', 'seal-order', 'a1'), { card: '5C' });
    const a2Seal = await template(m, 'A', 'seal-order', 'a2');
    const offered = (
      a2Seal.template.choices.find((c) => c.path === 'card') as { options: { value: unknown }[] }
    ).options.map((o) => o.value);
    expect(offered).toHaveLength(53);
    expect(offered).not.toContain('5C');
    const salt = 'a2-salt-of-side-A';
    await post(m, 'A', await template(m, 'A', 'seal-commitment', 'a2'), {
      commitment: orderCommitment('7S', 'a2', 2, salt),
    });
    await post(m, 'B', await template(m, 'B', 'seal-order', 'b1'), { card: '9H' });
    await post(m, 'B', await template(m, 'B', 'seal-order', 'b2'), { card: '8D' });

    // AA-2: what B is shown of A's seals and reveals names no card of A's.
    const asB = await read(m, 'B');
    for (const tpl of [...asB.awaited, ...asB.available].filter((x) => x.side === 'A')) {
      expect(tpl.body).not.toHaveProperty('card');
      for (const choice of tpl.choices.filter((c) => c.path === 'card'))
        expect(choice).toMatchObject({ options: [] });
    }

    // AA-4, AA-5, AA-10: b1 activates and fights, a1 fights; both cards are revealed; both attack.
    await post(m, 'B', await template(m, 'B', 'declare', 'b1'), { intent: 'fight' });
    await post(m, 'A', await template(m, 'A', 'declare', 'a1'), { intent: 'fight' });
    const b1Reveal = await template(m, 'B', 'reveal', 'b1');
    expect(b1Reveal.template.body).toEqual({ unitId: 'b1', card: '9H' });
    await post(m, 'B', b1Reveal);
    await post(m, 'A', await template(m, 'A', 'reveal', 'a1'));
    const b1Attack = await template(m, 'B', 'close-combat-attack', 'b1');
    expect(b1Attack.template.dice).toMatchObject({ count: 2, source: 'table' });
    await post(m, 'B', b1Attack, {}, [6, 2]);
    const firstEnded = await post(m, 'A', await template(m, 'A', 'close-combat-attack', 'a1'), {}, [1, 2]);
    expect(types(firstEnded)).toEqual(['CloseCombatAttackRolled', 'CloseCombatEnded']);

    // AA-6, AA-9, AA-8: b2 activates and fights; a2 flees and reveals its own commitment (7♠: it stands);
    // b2 pursues and is not faster; a2 places its figures at 7", where b2 attacks it (threshold 2).
    await post(m, 'B', await template(m, 'B', 'declare', 'b2'), { intent: 'fight' });
    await post(m, 'A', await template(m, 'A', 'declare', 'a2'), { intent: 'flee' });
    await post(m, 'B', await template(m, 'B', 'reveal', 'b2'));
    const judged = await post(m, 'A', await template(m, 'A', 'reveal', 'a2'), { card: '7S', salt });
    expect(judged.body.events.at(-1)).toMatchObject({ type: 'FleeJudged', data: { verdict: 'stands' } });
    const pursued = await post(m, 'B', await template(m, 'B', 'pursue', 'b2'), { pursue: true });
    expect(pursued.body.events[0]).toMatchObject({ type: 'PursuitDecided', data: { outcome: 'escaped' } });
    const breakOff = await template(m, 'A', 'break-off', 'a2');
    expect(breakOff.template.choices.map((c) => c.path)).toEqual(['destination', 'inTransit', 'rangeInches']);
    await post(m, 'A', breakOff, { destination: 'the donga', inTransit: 'the drift', rangeInches: 7 });
    const last = await post(m, 'B', await template(m, 'B', 'close-combat-attack', 'b2'), {}, [5, 4]);
    expect(last.body.events).toMatchObject([
      {
        type: 'CloseCombatAttackRolled',
        data: { attackerId: 'b2', rangeInches: 7, threshold: 2, hits: 2, suppressed: true },
      },
      { type: 'CloseCombatEnded', data: { unitIds: ['a2', 'b2'], inContact: false, escaped: ['a2'] } },
    ]);

    // Nothing is awaited now; B may end its turn, and neither of its units, both having fought, is offered
    // a ranged attack.
    const after = await read(m, 'B');
    expect(after.awaited).toEqual([]);
    const forB = after.available.filter((x) => x.side === 'B').map((x) => x.action);
    expect(forB).toContain('end-turn');
    expect(forB).not.toContain('ranged-attack');
    expect(after.state.closeCombats).toEqual([
      { unitIds: ['a1', 'b1'], resolved: true, inContact: true },
      { unitIds: ['a2', 'b2'], resolved: true, inContact: false },
    ]);

    // Q-24, Q-27: turn 3 (A's). a2, which got away, fires at b2 from 10"; a1 still touches b1, so neither
    // is offered a shot nor shot at.
    await post(m, 'B', await template(m, 'B', 'end-turn'));
    await post(m, 'A', await template(m, 'A', 'seal-order', 'a2'), { card: '3S' });
    const shots = (await read(m, 'A')).available.filter((x) => x.action === 'ranged-attack');
    expect(shots.map((x) => x.unitId)).toEqual(['a2']);
    const shot = await template(m, 'A', 'ranged-attack', 'a2');
    expect(shot.template.choices.find((c) => c.path === 'targetId')).toMatchObject({
      options: [{ value: 'b2' }],
    });
    const fired = await post(m, 'A', shot, { targetId: 'b2', rangeInches: 10 }, [4, 1]);
    expect(types(fired)).toEqual(['OrderRevealed', 'RangedAttackRolled']);
    expect(fired.body.events[1]).toMatchObject({ data: { threshold: 2, hits: 1, suppressed: false } });
  });
});
