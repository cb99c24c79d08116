import request from 'supertest';
import { COIN_DUEL_VERSIONS } from '../support/rulesets/coin-duel/index.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { commandId, issueKey, organiser, type Caller, type Reply } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field */

/**
 * A ruleset is one folder: the coin duel (test/support/rulesets/coin-duel), registered with one line,
 * is served, checked, documented, played to a result and verified by the service as it stands, with
 * no change anywhere else. Every step is posted from the play contract's templates alone.
 */
describe('a ruleset registered at start-up (the coin duel)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { rulesets: [COIN_DUEL_VERSIONS] });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function duel(matchId: string): Promise<{ A: Caller; B: Caller; org: Caller; path: string }> {
    const org = organiser(t);
    await org.command('/matches', {
      matchId,
      ruleset: 'coin-duel',
      sides: { A: 'Heads Club', B: 'Tails Club' },
      diceMode: 'table',
    });
    const [A, B] = await Promise.all([
      issueKey(t, { role: 'player', matchId, side: 'A' }),
      issueKey(t, { role: 'player', matchId, side: 'B' }),
    ]);
    return { A, B, org, path: `/matches/${matchId}` };
  }

  /** Fills the awaited template: the body, the choice set to `call`, the one table die at its path. */
  async function playAwaited(callers: Record<'A' | 'B', Caller>, path: string, call: string, face: number) {
    const match = (await callers.A.get(path)).body;
    const [step] = match.awaiting;
    expect(step).toMatchObject({ command: 'Toss', method: 'POST', route: `${path}/tosses` });
    const choice = step.choices.find((c: any) => c.path === 'call');
    expect(choice.options.map((o: any) => o.value)).toContain(call);
    const body = { ...step.body, call, [step.dice.path]: [face], commandId: commandId('toss') };
    const reply = await callers[step.side as 'A' | 'B'].post(step.route, body);
    expect(reply.status).toBe(201);
    return reply;
  }

  it('CD-2 serves its route, and refuses a bad body with a 400 naming the field, appending nothing', async () => {
    const m = await duel('duel-bad');
    const before = (await m.org.get(m.path)).body.revision;
    const wrong: Reply = await m.A.post(`${m.path}/tosses`, {
      commandId: commandId(),
      call: 'sideways',
      dice: [3],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ type: 'urn:umpire:problem:validation', field: 'call' });
    expect(wrong.body.detail).toContain('call must be one of the following values: high, low');
    const extra = await m.A.post(`${m.path}/tosses`, {
      commandId: commandId(),
      call: 'high',
      dice: [3],
      edge: 1,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.field).toBe('edge');
    // CD-1: not side B's turn; the route answers, and the ruleset's acting side refuses it.
    const notYours = await m.B.post(`${m.path}/tosses`, { commandId: commandId(), call: 'high', dice: [3] });
    expect(notYours.status).toBe(403);
    expect((await m.org.get(m.path)).body.revision).toBe(before);
  });

  it('CD-2 its rule texts are served from its folder, beside the common ones', async () => {
    const version = COIN_DUEL_VERSIONS[0]!.version;
    const rule = await request(t.url).get(`/rulesets/coin-duel/${version}/rules/CD-2`).expect(200);
    expect(rule.body).toMatchObject({ ruleId: 'CD-2', title: 'A toss' });
    const all = await request(t.url).get(`/rulesets/coin-duel/${version}/rules`).expect(200);
    const ids = (all.body.rules ?? all.body).map((r: { ruleId: string }) => r.ruleId);
    expect(ids).toEqual(expect.arrayContaining(['C-5', 'CD-1', 'CD-3']));
  });

  it('is documented: its route, its operation and its body schema are in the OpenAPI document', async () => {
    const doc = (await organiser(t).get('/docs-json')).body;
    const operation = doc.paths['/matches/{id}/tosses'].post;
    expect(operation).toMatchObject({
      operationId: 'CoinDuelController_toss',
      tags: ['coin-duel'],
      summary: 'Call high or low and roll one die (CD-2).',
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/TossDto' } } } },
    });
    expect(doc.components.schemas.TossDto).toMatchObject({
      properties: { commandId: { type: 'string' }, call: { enum: ['high', 'low'] } },
      required: ['commandId', 'call'],
    });
    expect(doc.components.schemas.TossDto.properties.call.refusal).toBeUndefined();
    expect(doc.components.schemas.CreateMatchDto.properties.ruleset.enum).toContain('coin-duel');
  });

  it('C-5 a judge rules on a dispute citing one of its own rules (CD-2), from the ruling template', async () => {
    const m = await duel('duel-disputed');
    const judge = await issueKey(t, { role: 'judge' });
    await playAwaited({ A: m.A, B: m.B }, m.path, 'high', 5);
    const raised = await m.B.post(`${m.path}/disputes`, {
      commandId: commandId('dispute'),
      disputeId: 'd1',
      revision: 2,
      claim: 'the die rolled off the table',
    });
    expect(raised.status).toBe(201);
    const ruling = (await judge.get(m.path)).body.available.find((tpl: any) => tpl.action === 'ruling');
    const cited = ruling.choices.find((c: any) => c.path === 'ruleId');
    expect(new RegExp(cited.pattern).test('CD-2')).toBe(true);
    expect(cited.maxLength).toBeGreaterThanOrEqual('CD-2'.length);
    const ruled = await judge.post(ruling.route, {
      ...ruling.body,
      commandId: commandId('ruling'),
      ruling: 'dismissed',
      ruleId: 'CD-2',
      note: 'it landed on the mat',
    });
    expect(ruled.status).toBe(201);
    // What is not a rule id at all is still refused by name, with nothing appended.
    const before = (await judge.get(m.path)).body.revision;
    const refused = await judge.post(ruling.route, {
      commandId: commandId('ruling'),
      ruling: 'dismissed',
      ruleId: 'the second one',
      note: 'x',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('ruleId');
    expect((await judge.get(m.path)).body.revision).toBe(before);
  });

  it('CD-3 plays a whole match to a result from the templates, and its log verifies', async () => {
    const m = await duel('duel-whole');
    const seats = { A: m.A, B: m.B };
    // A calls high and rolls 5: a point (CD-2). B calls low and rolls 6: none. A calls low, rolls 2: won.
    await playAwaited(seats, m.path, 'high', 5);
    await playAwaited(seats, m.path, 'low', 6);
    const won = await playAwaited(seats, m.path, 'low', 2);
    expect(won.body.events.map((e: any) => e.type)).toEqual(['CoinTossed', 'DuelWon']);
    expect(won.body.state).toMatchObject({ points: { A: 2, B: 0 }, winner: 'A' });
    expect(won.body.awaiting).toEqual([]);

    // The result, as every match records one: the judge's or organiser's template ends it.
    const judged = (await m.org.get(m.path)).body;
    const end = judged.available.find((tpl: any) => tpl.action === 'end');
    expect(end).toMatchObject({ route: `${m.path}/end` });
    const ended = await m.org.post(end.route, {
      ...end.body,
      commandId: commandId('end'),
      winner: 'A',
      note: 'two calls right',
    });
    expect(ended.status).toBe(201);
    expect(ended.body).toMatchObject({ ended: true, result: { winner: 'A', winnerName: 'Heads Club' } });

    const report = (await m.org.get(`${m.path}/verify`)).body;
    expect(report).toMatchObject({
      ok: true,
      ruleset: { id: 'coin-duel', version: '1.0.0' },
      checked: { chain: { ok: true }, outcomes: { ok: true } },
      discrepancies: [],
    });
    expect(report.checked.outcomes.commands).toBeGreaterThanOrEqual(5);
    const log = (await m.org.get(`${m.path}/log`)).body;
    expect(JSON.stringify(log)).toContain('Heads Club called low; it came low.');
  });
});
