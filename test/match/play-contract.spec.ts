import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { configFromEnv } from '../../src/config/app-config.js';
import { foldMatch } from '../../src/match/match-loader.js';
import { MatchSecrets } from '../../src/match/match-secrets.service.js';
import { MatchViewer } from '../../src/match/match-viewer.js';
import { SealedOrders } from '../../src/match/sealed-orders.js';
import { TableDice } from '../../src/rules/common/dice.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import type { AnyRuleset } from '../../src/rulesets/registry.js';

/** The play contract as the viewer builds it, on a match folded from its events. */
describe('the play contract, built by the MatchViewer', () => {
  const viewer = new MatchViewer(
    new SealedOrders(new MatchSecrets({ ...configFromEnv({}), serverSecret: 'a'.repeat(64) })),
  );

  function recorded(events: { type: string; data: unknown }[]): RecordedEvent[] {
    return events.map((event, i) => ({
      ...event,
      position: i + 1,
      metadata: {
        stream: 'match-m',
        revision: i + 1,
        commandId: `c${i}`,
        actor: { role: 'system' },
        at: '2026-11-30T10:00:00.000Z',
        ruleset: { id: handToHand.id, version: handToHand.version, hash: 'h' },
        prevHash: '',
        hash: '',
      },
    }));
  }

  /** A hand-to-hand match whose charge made contact: the impact is awaited. */
  function charged(): { type: string; data: unknown }[] {
    const { decider } = handToHand;
    let state = decider.initialState();
    const log: { type: string; data: unknown }[] = [];
    const run = (command: object, faces: number[] = []) => {
      for (const event of decider.decide(state, command as never, new TableDice(faces))) {
        log.push(event);
        state = decider.evolve(state, event);
      }
    };
    run({ type: 'CreateMatch', matchId: 'm', sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' });
    run({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    run({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    run(
      {
        type: 'Charge',
        chargeId: 'c1',
        attackerId: 'impi',
        defenderId: 'nnc',
        aspect: 'front',
        slope: 'level',
      },
      [1, 2],
    );
    return log;
  }

  it('HH-7 awaiting names the step, the command, the route and the rule; the progress is the ruleset’s', () => {
    const match = foldMatch('m', recorded(charged()));
    const contract = viewer.contractNow(match, {});
    expect(contract).toMatchObject({
      matchId: 'm',
      revision: 6,
      turn: 1,
      activeSide: 'A',
      phase: 'melee',
      ended: false,
      awaiting: [
        {
          step: 'impact-rolls',
          command: 'RollImpact',
          route: '/matches/m/impact-rolls',
          side: 'A',
          unitId: 'impi',
          ruleId: 'HH-7',
        },
      ],
      pending: { undoRequests: [], disputes: [] },
    });
    expect(contract).not.toHaveProperty('result');
  });

  it('C-4 C-5 after the end: nothing awaited, no undo left to answer, open disputes still pending, the result named', () => {
    const match = foldMatch(
      'm',
      recorded([
        ...charged(),
        { type: 'UndoRequested', data: { requestId: 'u1', toRevision: 3, reason: 'r', side: 'A' } },
        { type: 'DisputeRaised', data: { disputeId: 'd1', revision: 5, claim: 'the dice', side: 'B' } },
        { type: 'MatchEnded', data: { result: { winner: 'B', note: 'time' }, serverSeed: null } },
      ]),
    );
    expect(match.ruleset.awaiting(match.state)).toHaveLength(1);
    expect(viewer.contractNow(match, {})).toMatchObject({
      ended: true,
      result: { winner: 'B', winnerName: 'British', note: 'time' },
      awaiting: [],
      pending: {
        undoRequests: [],
        disputes: [{ disputeId: 'd1', revision: 5, claim: 'the dice', side: 'B' }],
      },
    });
  });

  it('C-5 given two disputes of one event, when the judge is offered a ruling on each, then the labels quote the claims and so differ', () => {
    const long =
      'the impact die rolled off the table and was picked up by the wrong player before anyone read it';
    const match = foldMatch(
      'm',
      recorded([
        ...charged(),
        { type: 'DisputeRaised', data: { disputeId: 'd1', revision: 5, claim: 'out of range', side: 'B' } },
        { type: 'DisputeRaised', data: { disputeId: 'd2', revision: 5, claim: long, side: 'B' } },
      ]),
    );
    const labels = viewer
      .contractNow(match, { role: 'judge' })
      .available.filter((template) => template.action === 'ruling')
      .map((template) => template.label);
    expect(labels).toEqual([
      "Rule on British's dispute of event 5: “out of range”",
      "Rule on British's dispute of event 5: “the impact die rolled off the table and was picked up by the…”",
    ]);
  });

  it('C-5 given a side whose name ends in s, when the judge is offered a ruling on its dispute, then the label says Zulus’ dispute, not Zulus’s', () => {
    const match = foldMatch(
      'm',
      recorded([
        ...charged(),
        { type: 'DisputeRaised', data: { disputeId: 'd1', revision: 5, claim: 'out of range', side: 'A' } },
      ]),
    );
    const labels = viewer
      .contractNow(match, { role: 'judge' })
      .available.filter((template) => template.action === 'ruling')
      .map((template) => template.label);
    expect(labels).toEqual(["Rule on Zulus' dispute of event 5: “out of range”"]);
  });

  it('AA-2 awaiting carries only its own fields, whatever a ruleset adds; a command with no route is named by its type', () => {
    const careless = {
      ...handToHand,
      routes: {},
      // without its awaitedTemplates hook, so that the template is derived from the step
      awaitedTemplates: undefined,
      awaiting: () => [{ command: 'RollImpact', side: 'A', ruleId: 'HH-7', card: '7S', salt: 'x' }],
    } as unknown as AnyRuleset;
    const match = { ...foldMatch('m', recorded(charged())), ruleset: careless };
    const [awaited] = viewer.contractNow(match, {}).awaiting;
    expect(awaited).toEqual({
      step: 'RollImpact',
      command: 'RollImpact',
      route: '/matches/m/RollImpact',
      method: 'POST',
      side: 'A',
      ruleId: 'HH-7',
      // a ruleset without its awaitedTemplates hook: the template is derived from the step alone
      action: 'RollImpact',
      label: 'RollImpact',
      body: {},
      choices: [],
    });
    expect(JSON.stringify(viewer.contractNow(match, {}))).not.toMatch(/7S|7♠/);
  });
});
