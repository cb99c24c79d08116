import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allRulesets } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import {
  atomicAfricaInContact,
  Caller,
  commandId,
  type MatchTable,
  openMatch,
  organiser,
  type Reply,
} from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field */

/** The play contract's top level: the same keys for every ruleset (README "Play contract"). */
const CONTRACT_KEYS = [
  'matchId',
  'revision',
  'ruleset',
  'turn',
  'activeSide',
  'phase',
  'ended',
  'awaiting',
  'available',
  'pending',
  'state',
  'unitWords',
];

/** Checks the shape of a GET /matches/:id answer (or, with `command`, of a command answer). */
function expectContract(body: any, options: { command?: boolean } = {}): void {
  const keys = [
    ...CONTRACT_KEYS,
    ...(body.ended ? ['result'] : []),
    ...(options.command ? ['duplicate', 'events'] : []),
  ];
  expect(Object.keys(body).sort()).toEqual(keys.sort());
  expect(body.ruleset).toEqual({
    id: expect.any(String),
    version: expect.any(String),
    hash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(Number.isInteger(body.revision) && Number.isInteger(body.turn)).toBe(true);
  expect(['A', 'B']).toContain(body.activeSide);
  expect(typeof body.phase).toBe('string');
  expect(typeof body.ended).toBe('boolean');
  if (body.ended) expect(Object.keys(body.result).sort()).toEqual(['note', 'winner', 'winnerName']);
  for (const awaited of body.awaiting) {
    expect(Object.keys(awaited).sort()).toEqual(
      [
        'step',
        'command',
        'route',
        'side',
        'ruleId',
        // the complete command template (the play contract's template shape)
        'action',
        'label',
        'method',
        'body',
        'choices',
        ...('dice' in awaited ? ['dice'] : []),
        ...('unitId' in awaited ? ['unitId'] : []),
        // the charge or close combat the step belongs to, when it belongs to one
        ...('combat' in awaited ? ['combat'] : []),
      ].sort(),
    );
    expect(awaited.route).toBe(`/matches/${body.matchId}/${awaited.step}`);
    expect(awaited.method).toBe('POST');
  }
  for (const template of body.available) {
    expect(template.method).toBe('POST');
    expect(template.route.startsWith(`/matches/${body.matchId}/`)).toBe(true);
    expect(Array.isArray(template.choices)).toBe(true);
  }
  expect(Object.keys(body.pending).sort()).toEqual(['disputes', 'undoRequests']);
  expect(typeof body.state).toBe('object');
  // Every unit of the state has its words, as its ruleset says them, and nothing else has.
  expect(Object.keys(body.unitWords).sort()).toEqual(Object.keys(body.state.units ?? {}).sort());
  for (const words of Object.values<any>(body.unitWords)) {
    expect(Array.isArray(words.traits) && Array.isArray(words.conditions)).toBe(true);
  }
  if (options.command) {
    expect(typeof body.duplicate).toBe('boolean');
    expect(Array.isArray(body.events)).toBe(true);
  }
}

/** Sends a command with a fresh commandId to exactly this route, and insists it was accepted. */
async function postTo(caller: Caller, route: string, body: object): Promise<Reply> {
  const reply = await caller.post(route, { commandId: commandId('contract'), ...body });
  if (reply.status !== 201)
    throw new Error(`POST ${route} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  expectContract(reply.body, { command: true });
  return reply;
}

const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;

/** A hand-to-hand match with the Impi (side A) and the NNC (side B) registered. */
async function handToHandMatch(t: TestApp, matchId: string): Promise<MatchTable> {
  const m = await openMatch(t, { matchId, ruleset: 'hand-to-hand' });
  for (const [unitId, side, morale] of [
    ['impi', 'A', 8],
    ['nnc', 'B', 7],
  ] as const) {
    await m.organiser.command(at(m, 'units'), { unitId, name: unitId, side, morale, move: 6 });
  }
  return m;
}

/** The Impi charges the NNC: contact, and the impact is awaited. */
async function charge(m: MatchTable): Promise<Reply> {
  return postTo(m.A, at(m, 'charges'), {
    chargeId: 'c1',
    attackerId: 'impi',
    defenderId: 'nnc',
    aspect: 'front',
    slope: 'level',
    dice: [1, 2],
  });
}

const SECRET = { rank: '7', suit: 'spades' };
const leaks = (text: string | undefined) => /spades|"7S"|7♠/i.test(text ?? '');

describe('the play contract over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const seat = (m: MatchTable, side: 'A' | 'B') => (side === 'A' ? m.A : m.B);
  const handToHand = (matchId: string) => handToHandMatch(t, matchId);

  /** Infantry a1 and b1 end turn 1 in contact, so side B's turn 2 begins in close combat (AA-3). */
  async function atomicAfrica(matchId: string): Promise<MatchTable> {
    return atomicAfricaInContact(t, matchId);
  }

  it('Q-32 over HTTP: an undo back into a rout (its morale test, before its removal) is refused and appends nothing; the templates offer only command ends', async () => {
    const m = await handToHand('pc-q32');
    await charge(m);
    await postTo(m.A, at(m, 'impact-rolls'), { chargeId: 'c1', dice: [6] });
    // 11 against morale 0 fails by 11: a rout (HH-14), the test and the removal in one command
    const routed = await postTo(m.B, at(m, 'morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [6, 5] });
    const types = routed.body.events.map((event: any) => event.type);
    expect(types).toEqual(expect.arrayContaining(['MoraleTested', 'UnitRemoved']));
    const tested = routed.body.events.find((event: any) => event.type === 'MoraleTested').revision;
    const last = routed.body.events.at(-1).revision;

    const before = (await m.A.get(`/matches/${m.matchId}`)).body;
    const refused = await m.A.post(at(m, 'undo-requests'), {
      commandId: commandId('q32'),
      toRevision: tested,
      reason: 'back to the test',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ruleId: 'Q-32' });
    expect((await m.A.get(`/matches/${m.matchId}`)).body.revision).toBe(before.revision);

    // The undo template offers only command ends: nothing inside the rout's command (the latest event,
    // its end, is where the match stands already), the end of the impact roll's command before it.
    const undo = before.available.find((tpl: any) => tpl.action === 'undo-request' && tpl.side === 'A');
    const targets = undo.choices.find((c: any) => c.path === 'toRevision').options.map((o: any) => o.value);
    expect(last).toBe(before.revision);
    expect(targets.some((r: number) => r >= tested)).toBe(false);
    expect(targets).toContain(tested - 1);
    // Sent as the template says, it is accepted, and the answer is offered to B as a template too.
    const asked = await postTo(m.A, undo.route, { ...undo.body, toRevision: tested - 1, reason: 'misread' });
    const answer = asked.body.available.find((tpl: any) => tpl.action === 'undo-answer');
    expect(answer).toMatchObject({ side: 'B', command: 'AnswerUndo', method: 'POST' });
    const agreed = await postTo(m.B, answer.route, { ...answer.body, agree: true });
    expect(agreed.body.events.map((e: any) => e.type)).toEqual(['UndoAgreed', 'ActionsReverted']);
  });

  it('C-5 the undo and backup templates offer no event after which only the match’s own records lie: going back there would undo nothing', async () => {
    const m = await handToHand('pc-undo-noop');
    const charged = await charge(m);
    const targetsOf = async (key: typeof m.A, action: string) => {
      const body = (await key.get(`/matches/${m.matchId}`)).body;
      const template = body.available.find((tpl: any) => tpl.action === action);
      return template.choices.find((c: any) => c.path === 'toRevision').options.map((o: any) => o.value);
    };
    const gameHead = charged.body.revision;
    const before = { undo: await targetsOf(m.A, 'undo-request'), backup: await targetsOf(m.judge, 'backup') };
    expect(before.undo.length).toBeGreaterThan(0);
    // Two disputes and a declined request after the charge: the match's records, which an undo leaves.
    await postTo(m.B, at(m, 'disputes'), { revision: gameHead, claim: 'the charge was out of range' });
    await postTo(m.A, at(m, 'disputes'), { revision: gameHead, claim: 'it was not' });
    await postTo(m.A, at(m, 'undo-requests'), { requestId: 'u1', toRevision: before.undo[0], reason: 'x' });
    const declined = await postTo(m.B, at(m, 'undo-requests/u1/answer'), { agree: false });
    expect(declined.body.revision).toBe(gameHead + 4);
    // None of them, nor the charge's own end, is offered: the targets are those before the records.
    expect(await targetsOf(m.A, 'undo-request')).toEqual(before.undo);
    expect(await targetsOf(m.judge, 'backup')).toEqual(before.backup);

    // Undone to before the charge: that event now undoes nothing either, nor does anything after it.
    const target = before.undo[0] as number;
    await postTo(m.A, at(m, 'undo-requests'), { requestId: 'u2', toRevision: target, reason: 'wrong unit' });
    await postTo(m.B, at(m, 'undo-requests/u2/answer'), { agree: true });
    const after = await targetsOf(m.judge, 'backup');
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((r: number) => r >= target)).toEqual([]);
  });

  it('C-4 the end route takes winner null for a draw, as the result shows it; the judge’s templates include the end and the rulings', async () => {
    const m = await handToHand('pc-draw');
    await postTo(m.A, at(m, 'disputes'), { revision: 2, claim: 'the unit was registered twice' });
    const judged = (await m.judge.get(`/matches/${m.matchId}`)).body;
    const ruling = judged.available.find((tpl: any) => tpl.action === 'ruling');
    expect(ruling).toMatchObject({ role: 'judge', command: 'RuleDispute', method: 'POST' });
    // Neither side sees a judge's actions.
    const seenByA = (await m.A.get(`/matches/${m.matchId}`)).body;
    expect(seenByA.available.filter((tpl: any) => tpl.role !== undefined)).toEqual([]);
    await postTo(m.judge, ruling.route, { ...ruling.body, ruling: 'dismissed', ruleId: 'C-6', note: 'no' });

    const end = judged.available.find((tpl: any) => tpl.action === 'end');
    expect(end).toMatchObject({ role: 'judge', route: `/matches/${m.matchId}/end` });
    const ended = await postTo(m.judge, end.route, { ...end.body, winner: null, note: 'time' });
    expect(ended.body).toMatchObject({ ended: true, result: { winner: null, winnerName: null } });
    const wrong = await m.judge.post(at(m, 'end'), { commandId: commandId('end'), winner: 'C' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('winner');
  });

  it('every route a ruleset names is a POST route of the service, and every command but CreateMatch has one', async () => {
    const doc = await organiser(t).get('/docs-json');
    const posts = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
      .filter(([, methods]) => 'post' in methods)
      .map(([path]) => path);
    for (const ruleset of allRulesets()) {
      for (const [command, segment] of Object.entries(ruleset.routes)) {
        expect({ ruleset: ruleset.id, command, route: `/matches/{id}/${segment}` }).toEqual({
          ruleset: ruleset.id,
          command,
          route: posts.find((path) => path === `/matches/{id}/${segment}`),
        });
      }
      const unrouted = ruleset.commandTypes.filter(
        (type) => type !== 'CreateMatch' && !(type in ruleset.routes),
      );
      expect({ ruleset: ruleset.id, unrouted }).toEqual({ ruleset: ruleset.id, unrouted: [] });
    }
  });

  it('hand-to-hand: GET and every command answer share the top level; awaiting names the route, and posting there is accepted', async () => {
    const m = await handToHand('pc-hh');
    const before = await m.A.get(`/matches/${m.matchId}`);
    expect(before.status).toBe(200);
    expectContract(before.body);
    expect(before.body).toMatchObject({ turn: 1, activeSide: 'A', ended: false, awaiting: [], revision: 3 });
    expect(before.body.ruleset.id).toBe('hand-to-hand');

    const charged = await charge(m);
    expect(charged.body.awaiting).toEqual([
      expect.objectContaining({
        step: 'impact-rolls',
        command: 'RollImpact',
        method: 'POST',
        route: `/matches/${m.matchId}/impact-rolls`,
        side: 'A',
        unitId: 'impi',
        // from 2.0.0: while declarations are open, the first impact roll is what closes them
        ruleId: 'Q-17',
        combat: { kind: 'charge', chargeId: 'c1' },
        // the template names the charge it rolls for
        body: expect.objectContaining({ chargeId: 'c1' }),
      }),
    ]);
    expect(charged.body.phase).toBe('melee-declaring');
    expect(charged.body.revision).toBe(charged.body.events.at(-1).revision);
    // The same answer from GET, for either side.
    const seenByB = await m.B.get(`/matches/${m.matchId}`);
    expect(seenByB.body.awaiting).toEqual(charged.body.awaiting);
    expect(seenByB.body.phase).toBe(charged.body.phase);

    // The client follows awaiting: the side it names posts to the route it names.
    const impact = await postTo(seat(m, charged.body.awaiting[0].side), charged.body.awaiting[0].route, {
      chargeId: 'c1',
      dice: [1],
    });
    const [test] = impact.body.awaiting;
    expect(test).toMatchObject({ step: 'morale-tests', command: 'TakeMoraleTest', side: 'B', unitId: 'nnc' });
    const passed = await postTo(seat(m, test.side), test.route, {
      unitId: test.unitId,
      cause: 'melee',
      dice: [1, 2],
    });
    expect(passed.body.awaiting).toEqual([]);

    const ended = await postTo(m.A, at(m, 'end-turn'), {});
    expect(ended.body).toMatchObject({ turn: 2, activeSide: 'B', awaiting: [] });
  });

  it('a repeated commandId answers the first answer in the contract, as the match stood then', async () => {
    const m = await handToHand('pc-dup');
    const body = {
      commandId: 'pc-dup-charge',
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    };
    const first = await m.A.post(at(m, 'charges'), body);
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [1] });
    const again = await m.A.post(at(m, 'charges'), body);
    expectContract(again.body, { command: true });
    expect(again.body).toEqual({ ...first.body, duplicate: true });
  });

  it('C-4 after the end nothing is awaited, whatever the ruleset state still waits for; the result is given', async () => {
    const m = await handToHand('pc-end');
    const charged = await charge(m);
    expect(charged.body.awaiting).toHaveLength(1);
    const end = await postTo(m.judge, at(m, 'end'), { winner: 'A', note: 'the square broke' });
    expect(end.body).toMatchObject({
      ended: true,
      result: { winner: 'A', winnerName: 'Side A', note: 'the square broke' },
      awaiting: [],
    });
    for (const caller of [m.A, m.B, m.spectator]) {
      const got = await caller.get(`/matches/${m.matchId}`);
      expectContract(got.body);
      expect(got.body).toMatchObject({ ended: true, awaiting: [], result: { winner: 'A' } });
    }
    // The state as it stood before the end still awaits the impact; the end itself awaits nothing.
    const before = await m.organiser.get(`${at(m, 'state')}?at=${charged.body.revision}`);
    expect(before.body).toMatchObject({
      ended: false,
      at: charged.body.revision,
      awaiting: charged.body.awaiting,
    });
    expect(before.body).not.toHaveProperty('result');
  });

  it('C-5 pending shows an open undo request and an open dispute to everyone, until answered or ruled', async () => {
    const m = await handToHand('pc-pending');
    await charge(m);
    const asked = await postTo(m.A, at(m, 'undo-requests'), {
      requestId: 'u1',
      toRevision: 3,
      reason: 'wrong unit',
    });
    const open = { requestId: 'u1', toRevision: 3, reason: 'wrong unit', side: 'A' };
    expect(asked.body.pending).toEqual({ undoRequests: [open], disputes: [] });
    for (const caller of [m.B, m.spectator, m.judge]) {
      expect((await caller.get(`/matches/${m.matchId}`)).body.pending.undoRequests).toEqual([open]);
    }
    const disputed = await postTo(m.B, at(m, 'disputes'), {
      disputeId: 'd1',
      revision: 5,
      claim: 'the dice rolled off the table',
    });
    expect(disputed.body.pending).toEqual({
      undoRequests: [open],
      disputes: [{ disputeId: 'd1', revision: 5, claim: 'the dice rolled off the table', side: 'B' }],
    });
    const declined = await postTo(m.B, at(m, 'undo-requests/u1/answer'), { agree: false });
    expect(declined.body.pending.undoRequests).toEqual([]);
    const ruled = await postTo(m.judge, at(m, 'disputes/d1/ruling'), {
      ruling: 'dismissed',
      ruleId: 'C-1',
      note: 'they did not',
    });
    expect(ruled.body.pending).toEqual({ undoRequests: [], disputes: [] });
  });

  it('atomic-africa: the same top level; awaiting is followed step by step through a close combat', async () => {
    const m = await atomicAfrica('pc-aa');
    const start = await m.B.get(`/matches/${m.matchId}`);
    expectContract(start.body);
    expect(start.body).toMatchObject({ turn: 2, activeSide: 'B', ended: false });
    expect(start.body.ruleset.id).toBe('atomic-africa');
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: { rank: '5', suit: 'hearts' } });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: { rank: '9', suit: 'clubs' } });
    let reply = await postTo(m.B, at(m, 'intents'), { unitId: 'b1', intent: 'fight' });
    // Follow awaiting to the end of the close combat: each step to the route it names, by its side.
    const bodies: Record<string, (unitId: string) => object> = {
      DeclareIntent: (unitId) => ({ unitId, intent: 'fight' }),
      RevealOrder: (unitId) => ({ unitId }),
      ResolveCloseCombat: (unitId) => ({ unitId, dice: [1, 2] }),
    };
    const followed: string[] = [];
    while (reply.body.awaiting.length > 0) {
      const [next] = reply.body.awaiting;
      followed.push(`${next.side} ${next.step}`);
      reply = await postTo(seat(m, next.side), next.route, bodies[next.command]!(next.unitId));
      if (followed.length > 10) throw new Error(`awaiting never empties: ${followed.join(', ')}`);
    }
    expect(followed).toEqual([
      'A intents',
      'B reveals',
      'A reveals',
      'B close-combat-attacks',
      'A close-combat-attacks',
    ]);
    expect(reply.body.events.map((e: { type: string }) => e.type)).toContain('CloseCombatEnded');
  });

  it('AA-2 the opponent never meets a sealed card in any answer: GET, awaiting, pending or its own commands', async () => {
    const m = await atomicAfrica('pc-sealed');
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: SECRET });
    const own = await m.B.command(at(m, 'orders'), {
      unitId: 'b1',
      turn: 2,
      card: { rank: '5', suit: 'hearts' },
    });
    const declared = await postTo(m.B, at(m, 'intents'), { unitId: 'b1', intent: 'fight' });
    await postTo(m.A, declared.body.awaiting[0].route, { unitId: 'a1', intent: 'flee' });
    // A dispute on the table: pending is part of every answer too.
    await postTo(m.A, at(m, 'disputes'), {
      disputeId: 'd1',
      revision: 5,
      claim: 'contact was measured wrong',
    });
    const answers = [own, declared];
    for (const caller of [m.B, m.spectator, m.judge, m.organiser]) {
      const got = await caller.get(`/matches/${m.matchId}`);
      expectContract(got.body);
      expect(got.body.awaiting.length).toBeGreaterThan(0);
      expect(got.body.pending.disputes).toHaveLength(1);
      answers.push(got, await caller.get(`${at(m, 'state')}?at=${got.body.revision}`));
    }
    for (const answer of answers) expect(leaks(answer.text)).toBe(false);
    // The owner does see it (so the check above can fail).
    expect(leaks((await m.A.get(`/matches/${m.matchId}`)).text)).toBe(true);
  });

  it('C-4 atomic-africa: nothing awaited after the end, even in the middle of a close combat', async () => {
    const m = await atomicAfrica('pc-aa-end');
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: { rank: '5', suit: 'hearts' } });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: { rank: '9', suit: 'clubs' } });
    const declared = await postTo(m.B, at(m, 'intents'), { unitId: 'b1', intent: 'fight' });
    expect(declared.body.awaiting).toHaveLength(1);
    const end = await postTo(m.organiser, at(m, 'end'), { winner: 'draw' });
    expect(end.body).toMatchObject({ ended: true, awaiting: [], result: { winner: null, winnerName: null } });
  });
});

describe('the play contract for a spectator held behind live play', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ spectatorDelayEvents: 2 });
  });
  afterAll(async () => t.close());

  it('every part of the answer is as of the revision the spectator may see: progress, awaiting and pending', async () => {
    const m = await openMatch(t, { matchId: 'pc-delay', ruleset: 'hand-to-hand' });
    const at = (route: string) => `/matches/${m.matchId}/${route}`;
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['nnc', 'B'],
    ] as const) {
      await m.organiser.command(at('units'), { unitId, name: unitId, side, morale: 8, move: 6 });
    }
    // Events 4-6: the charge makes contact, and the impact is awaited.
    await m.A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    const live = await m.A.get(`/matches/${m.matchId}`);
    expect(live.body.awaiting).toHaveLength(1);
    const held = await m.spectator.get(`/matches/${m.matchId}`);
    expectContract(held.body);
    expect(held.body.revision).toBe(4);
    // Exactly what the match was right after event 4, as anyone without a side sees it.
    const then = await m.organiser.get(`${at('state')}?at=4`);
    const { at: _at, visibleRevision: _visible, available: organiserMay, ...asThen } = then.body;
    const { available: spectatorMay, ...heldRest } = held.body;
    expect(heldRest).toEqual(asThen);
    // What each side may do is the same for both; only the organiser's key may also end the match.
    expect(spectatorMay).toEqual(organiserMay.filter((template: any) => template.role === undefined));
    expect(organiserMay.filter((template: any) => template.role !== undefined)).toEqual([
      expect.objectContaining({ action: 'end', role: 'organiser', route: `/matches/${m.matchId}/end` }),
    ]);

    // Event 7: A asks for an undo; 8: B declines it; 9: B raises a dispute.
    await m.A.command(at('undo-requests'), { requestId: 'u1', toRevision: 3, reason: 'wrong unit' });
    expect((await m.spectator.get(`/matches/${m.matchId}`)).body.pending.undoRequests).toEqual([]);
    await m.B.command(at('undo-requests/u1/answer'), { agree: false });
    await m.B.command(at('disputes'), { disputeId: 'd1', revision: 6, claim: 'the dice' });
    // Live, the request is answered and the dispute open; the spectator, at event 7, sees the request
    // still open and no dispute yet.
    const now = await m.B.get(`/matches/${m.matchId}`);
    expect(now.body.pending.undoRequests).toEqual([]);
    expect(now.body.pending.disputes).toHaveLength(1);
    const delayed = await m.spectator.get(`/matches/${m.matchId}`);
    expect(delayed.body.revision).toBe(7);
    expect(delayed.body.pending).toEqual({
      undoRequests: [{ requestId: 'u1', toRevision: 3, reason: 'wrong unit', side: 'A' }],
      disputes: [],
    });
    expect(delayed.body.awaiting).toEqual(live.body.awaiting);
    // A spectator may not ask for what it may not see yet.
    expect((await m.spectator.get(`${at('state')}?at=9`)).status).toBe(400);
  });
});

describe('the play contract after a restart inside a turn', () => {
  it('C-5 a match loaded from a snapshot offers the same undo and backup targets: still none after which only its own records lie', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
    // A snapshot every 10 events, the fewest the service takes, so one falls among the records.
    const config = { dataDir, snapshotEveryEvents: 10 };
    let t = await startTestApp(config);
    try {
      const m = await handToHandMatch(t, 'pc-restart');
      const charged = await charge(m);
      const gameHead = charged.body.revision as number;
      // Disputes of the charge, records all, until the match has crossed a snapshot's revision and two more.
      let revision = gameHead;
      for (let i = 0; revision < Math.ceil((gameHead + 1) / 10) * 10 + 2; i++) {
        revision = (await postTo(m.B, at(m, 'disputes'), { revision: gameHead, claim: `claim ${i}` })).body
          .revision as number;
      }
      const targetsOf = async (key: Caller, action: string) => {
        const body = (await key.get(`/matches/${m.matchId}`)).body;
        const template = body.available.find((tpl: any) => tpl.action === action);
        return template.choices.find((c: any) => c.path === 'toRevision').options.map((o: any) => o.value);
      };
      const before = {
        undo: await targetsOf(m.A, 'undo-request'),
        backup: await targetsOf(m.judge, 'backup'),
      };
      expect(before.undo.every((r: number) => r < gameHead)).toBe(true);
      // The snapshot is saved after the answer; give it its turn before the service stops.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.app.close();
      expect(existsSync(join(dataDir, 'snapshots.db'))).toBe(true);

      t = await startTestApp(config);
      const again = (key: Caller) => new Caller(t.url, key.token);
      const after = {
        undo: await targetsOf(again(m.A), 'undo-request'),
        backup: await targetsOf(again(m.judge), 'backup'),
      };
      expect(after).toEqual(before);
    } finally {
      await t.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
