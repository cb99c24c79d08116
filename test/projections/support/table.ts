import type { Actor, EventStore, RecordedEvent } from '../../../src/event-store/event-store.port.js';
import type { MatchLevelEvent } from '../../../src/rules/match/events.js';
import { foldMatch } from '../../../src/match/match-loader.js';
import { matchStream } from '../../../src/match/match-stream.js';
import { TableDice } from '../../../src/rules/common/dice.js';
import type { RulesetRef } from '../../../src/rules/common/ruleset-ref.js';
import type { Side } from '../../../src/rules/common/sides.js';
import { currentRuleset } from '../../../src/rulesets/registry.js';
import {
  DEFAULT_SCORING,
  type Players,
  type Scoring,
  tournamentStream,
} from '../../../src/tournament/tournament-events.js';

let commands = 0;

/**
 * A match played straight into an event store through its ruleset's decide(), as the service does
 * but without HTTP: given these commands and table faces, the store holds what the service would.
 */
export class Table {
  private ruleset?: RulesetRef;

  constructor(
    readonly store: EventStore,
    readonly matchId: string,
    readonly rulesetId: 'hand-to-hand' | 'atomic-africa',
  ) {}

  static async create(
    store: EventStore,
    matchId: string,
    rulesetId: 'hand-to-hand' | 'atomic-africa',
    sides: Record<Side, string>,
  ): Promise<Table> {
    const table = new Table(store, matchId, rulesetId);
    await table.play({ type: 'CreateMatch', matchId, sides, diceMode: 'table' }, [], { role: 'organiser' });
    return table;
  }

  async events(): Promise<RecordedEvent[]> {
    return this.store.readStream(matchStream(this.matchId));
  }

  /** Decides a ruleset command on the match as it stands (undo included) and records its events. */
  async play(
    command: { type: string } & Record<string, unknown>,
    faces: number[] = [],
    actor: Actor = { role: 'organiser' },
  ): Promise<RecordedEvent[]> {
    const ruleset = currentRuleset(this.rulesetId)!;
    const before = await this.events();
    const state = before.length > 0 ? foldMatch(this.matchId, before).state : ruleset.decider.initialState();
    const dice = new TableDice(faces);
    const decided = ruleset.decider.decide(state, command, dice);
    dice.assertAllUsed();
    this.ruleset ??= (decided[0]?.data as { ruleset: RulesetRef }).ruleset;
    return this.append(decided, before.length, actor);
  }

  /** A player's command, sent by that side. */
  async as(side: Side, command: { type: string } & Record<string, unknown>, faces: number[] = []) {
    return this.play(command, faces, { role: 'player', side, keyId: `key-${side}` });
  }

  /** A match-level event (undo, dispute, the end), recorded as the service's match-level decider would. */
  async record(event: MatchLevelEvent, actor: Actor = { role: 'judge' }): Promise<RecordedEvent[]> {
    const before = await this.events();
    return this.append([event], before.length, actor);
  }

  async revision(): Promise<number> {
    return (await this.events()).length;
  }

  private async append(
    events: { type: string; data: unknown }[],
    revision: number,
    actor: Actor,
  ): Promise<RecordedEvent[]> {
    commands += 1;
    const result = await this.store.append(matchStream(this.matchId), events, {
      expectedRevision: revision === 0 ? 'no_stream' : revision,
      commandId: `cmd-${commands}`,
      actor,
      ruleset: this.ruleset,
    });
    return this.store.readStream(matchStream(this.matchId), {
      fromRevision: result.nextRevision - events.length + 1,
    });
  }
}

export async function createTournament(
  store: EventStore,
  tournamentId: string,
  scoring: Scoring = DEFAULT_SCORING,
): Promise<void> {
  commands += 1;
  await store.append(
    tournamentStream(tournamentId),
    [{ type: 'TournamentCreated', data: { tournamentId, name: `Tournament ${tournamentId}`, scoring } }],
    { expectedRevision: 'no_stream', commandId: `cmd-${commands}`, actor: { role: 'organiser' } },
  );
}

export async function schedule(
  store: EventStore,
  tournamentId: string,
  matchId: string,
  round: number,
  table: number,
  players: Players | null = null,
): Promise<void> {
  commands += 1;
  await store.append(
    tournamentStream(tournamentId),
    [{ type: 'MatchScheduled', data: { matchId, round, table, players } }],
    { expectedRevision: 'any', commandId: `cmd-${commands}`, actor: { role: 'organiser' } },
  );
}
