import { Inject, Injectable } from '@nestjs/common';
import { ServerDiceService } from '../audit/server-dice.service.js';
import { ServerDice, clientSeedsText, lastRollIndex } from '../audit/dice-fairness.js';
import { actorOf, type Principal, viewerOf } from '../auth/principal.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import { type DiceSource, NO_DICE, TableDice } from '../rules/common/dice.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { violation } from '../rules/common/rule-violation.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { type AnyRuleset, RULESET_IDS, rulesetById } from '../rules/registry.js';
import { MatchBusyError, MatchNotFoundError, NotYourCommandError } from './match-errors.js';
import { foldMatch } from './match-loader.js';
import { matchStream } from './match-stream.js';
import { type EventView, viewEvent } from './match-view.js';

/** A command for a match's ruleset, as a controller hands it over. */
export interface MatchCommandRequest {
  matchId: string;
  commandId: string;
  principal: Principal;
  command: { type: string } & Record<string, unknown>;
  /** Table dice (C-2): the faces the rolling player entered, in the order the rules use them. */
  dice?: number[];
  /** CreateMatch only: which ruleset. */
  rulesetId?: string;
}

export interface MatchCommandResult {
  matchId: string;
  /** The stream's revision after this command's events. */
  revision: number;
  /** True when this commandId had already been handled: these are the first result's events. */
  duplicate: boolean;
  events: EventView[];
  state: unknown;
}

/** How often a command is decided again after another append got in first. */
const MAX_ATTEMPTS = 8;

/**
 * Load, decide, append at the expected revision; on a conflict, load and decide again. A commandId
 * already in the stream returns its first result and appends nothing (DESIGN.md: idempotency).
 */
@Injectable()
export class MatchCommandRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly serverDice: ServerDiceService,
  ) {}

  async execute(request: MatchCommandRequest): Promise<MatchCommandResult> {
    const stream = matchStream(request.matchId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const events = await this.store.readStream(stream);
      const earlier = events.filter((e) => e.metadata.commandId === request.commandId);
      if (earlier.length > 0) return this.result(request, events, earlier, true);

      const { ruleset, state, revision } = this.current(request, events);
      this.authorise(request, ruleset, state);
      const dice = this.diceFor(request, events);
      const decided = ruleset.decider.decide(state, this.withCommitment(request), dice);
      if (dice instanceof TableDice) dice.assertAllUsed();

      try {
        await this.store.append(stream, decided, {
          expectedRevision: revision === 0 ? 'no_stream' : revision,
          commandId: request.commandId,
          actor: actorOf(request.principal),
          ruleset: this.rulesetRefOf(events, decided),
        });
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) continue;
        throw error;
      }
      const after = [...events, ...(await this.store.readStream(stream, { fromRevision: revision + 1 }))];
      return this.result(
        request,
        after,
        after.filter((e) => e.metadata.commandId === request.commandId),
        false,
      );
    }
    throw new MatchBusyError(request.matchId, MAX_ATTEMPTS);
  }

  private current(request: MatchCommandRequest, events: RecordedEvent[]) {
    if (request.command.type !== 'CreateMatch') {
      if (events.length === 0) throw new MatchNotFoundError(request.matchId);
      return foldMatch(request.matchId, events);
    }
    if (events.length > 0) violation('C-4', `match ${request.matchId} already exists`);
    const ruleset = request.rulesetId ? rulesetById(request.rulesetId) : undefined;
    if (!ruleset) violation('C-6', `ruleset must be one of ${RULESET_IDS.join(', ')}`, 'invalid');
    return { ruleset, state: ruleset.decider.initialState(), revision: 0 };
  }

  /** A player acts only for its own side, in its own match; spectators never act. */
  private authorise(request: MatchCommandRequest, ruleset: AnyRuleset, state: unknown): void {
    const { principal, command } = request;
    const setUp = command.type === 'CreateMatch' || command.type === 'RegisterUnit';
    if (principal.role === 'spectator') throw new NotYourCommandError('a spectator key can only read');
    if (principal.role === 'organiser' || principal.role === 'judge') {
      if (setUp) return;
      throw new NotYourCommandError(
        `${command.type} is a player's command; ${principal.role} keys set matches up`,
      );
    }
    if (principal.matchId !== request.matchId) {
      throw new NotYourCommandError(`this player key is for another match, not ${request.matchId}`);
    }
    if (command.type === 'CreateMatch') throw new NotYourCommandError('players cannot create matches');
    const side =
      command.type === 'RegisterUnit'
        ? (command.side as string | undefined)
        : ruleset.actingSide(state, command);
    if (side !== undefined && side !== principal.side) {
      throw new NotYourCommandError(
        `${command.type} is for side ${side} to send; this key plays side ${principal.side}`,
      );
    }
  }

  private diceFor(request: MatchCommandRequest, events: RecordedEvent[]): DiceSource {
    const created = (events[0]?.data ?? request.command) as { diceMode?: string };
    if (created.diceMode === 'table') return new TableDice(request.dice ?? []);
    if (request.dice?.length)
      violation('C-2', 'this match rolls server dice; a command cannot bring its own faces', 'invalid');
    if (request.command.type === 'CreateMatch') return NO_DICE;
    // C-5: the index counts every roll ever recorded, reverted or not, so an undo never re-offers a roll.
    const next = lastRollIndex(events.map((e) => e.data)) + 1;
    return new ServerDice(this.serverDice.seed(request.matchId), clientSeedsText({}), next);
  }

  /** C-2: a server-dice match is created with SHA-256 of its seed, never the seed. */
  private withCommitment(request: MatchCommandRequest): MatchCommandRequest['command'] {
    const { command } = request;
    if (command.type !== 'CreateMatch' || command.diceMode !== 'server') return command;
    return { ...command, diceCommitment: this.serverDice.commitment(request.matchId) };
  }

  private rulesetRefOf(events: RecordedEvent[], decided: DomainEvent[]): RulesetRef | undefined {
    return events[0]?.metadata.ruleset ?? (decided[0]?.data as { ruleset?: RulesetRef } | undefined)?.ruleset;
  }

  private result(
    request: MatchCommandRequest,
    events: RecordedEvent[],
    mine: RecordedEvent[],
    duplicate: boolean,
  ): MatchCommandResult {
    const match = foldMatch(request.matchId, events);
    const viewer = viewerOf(request.principal);
    return {
      matchId: request.matchId,
      revision: mine[mine.length - 1]!.metadata.revision,
      duplicate,
      events: mine.map((e) => viewEvent(match.ruleset, e, viewer)),
      state: match.ruleset.viewState(match.state, viewer),
    };
  }
}
