import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import { Inject, Injectable } from '@nestjs/common';
import { clientSeedsText, lastRollIndex, ServerDice } from '../audit/dice-fairness.js';
import { MatchSecrets } from '../audit/match-secrets.service.js';
import { actorOf, type Principal, recordedCommandId, viewerOf } from '../auth/principal.js';
import {
  EVENT_STORE,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import { type DiceSource, NO_DICE, TableDice } from '../rules/common/dice.js';
import { violation } from '../rules/common/rule-violation.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { type AnyRuleset, RULESET_IDS, rulesetById } from '../rules/registry.js';
import { MatchBusyError, MatchNotFoundError, NotYourCommandError } from './match-errors.js';
import { decideMatchLevel, MATCH_LEVEL_COMMAND_TYPES, type MatchLevelCommand } from './match-level.js';
import type { MatchFold } from './fold.js';
import { foldMatch, foldMatchWithFold, type LoadedMatch, loadedMatch } from './match-loader.js';
import { matchStream } from './match-stream.js';
import { type EventView, MatchViewer } from './match-viewer.js';
import { SealedOrders } from './sealed-orders.js';

/** A command for a match, as a controller hands it over. */
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

/**
 * What the command said, in 16 hex digits: recorded with its commandId, so that a commandId sent again
 * with another command is refused rather than answered with the first command's result. An HMAC under
 * a per-match secret key, not a plain hash: the command may carry a sealed card, and the recorded
 * commandId is public (a plain hash of a SealOrder falls to trying the 54 cards).
 */
function fingerprint(
  key: Buffer,
  commandId: string,
  { command, dice, rulesetId }: MatchCommandRequest,
): string {
  const canonical =
    canonicalize({ commandId, command, dice: dice ?? [], rulesetId: rulesetId ?? null }) ?? '';
  return createHmac('sha256', key).update(canonical).digest('hex').slice(0, 16);
}

/** What a command decided, and (for an existing match) the fold it was decided on. */
interface Decided {
  events: NewEvent[];
  ruleset?: RulesetRef;
  folded?: { match: LoadedMatch; fold: MatchFold };
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
    private readonly secrets: MatchSecrets,
    private readonly sealedOrders: SealedOrders,
    private readonly viewer: MatchViewer,
  ) {}

  async execute(request: MatchCommandRequest): Promise<MatchCommandResult> {
    const stream = matchStream(request.matchId);
    const sent = `${recordedCommandId(request.principal, request.commandId)}#`;
    const commandId = `${sent}${fingerprint(this.secrets.fingerprintKey(request.matchId), sent, request)}`;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const events = await this.store.readStream(stream);
      const earlier = events.filter((e) => e.metadata.commandId.startsWith(sent));
      if (earlier.length > 0) {
        if (earlier[0]!.metadata.commandId !== commandId) {
          violation(
            'C-6',
            `commandId ${request.commandId} was already used for another command; choose a new one`,
          );
        }
        return this.result(request, foldMatch(request.matchId, events), earlier, true);
      }

      const decided =
        request.command.type === 'CreateMatch' ? this.create(request, events) : this.decide(request, events);
      const revision = events.length === 0 ? 0 : events[events.length - 1]!.metadata.revision;
      try {
        await this.store.append(stream, decided.events, {
          expectedRevision: revision === 0 ? 'no_stream' : revision,
          commandId,
          actor: actorOf(request.principal),
          ruleset: decided.ruleset,
        });
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) continue;
        throw error;
      }
      const appended = await this.store.readStream(stream, { fromRevision: revision + 1 });
      const after = [...events, ...appended];
      // Go on from the fold the decision was made on: one fold of the stream per command, not two.
      let match: LoadedMatch;
      if (decided.folded) {
        for (const event of appended) decided.folded.fold.apply(event);
        match = loadedMatch(request.matchId, decided.folded.match.ruleset, after, decided.folded.fold);
      } else {
        match = foldMatch(request.matchId, after);
      }
      return this.result(
        request,
        match,
        after.filter((e) => e.metadata.commandId === commandId),
        false,
      );
    }
    throw new MatchBusyError(request.matchId, MAX_ATTEMPTS);
  }

  private create(request: MatchCommandRequest, events: RecordedEvent[]): Decided {
    if (events.length > 0) violation('C-4', `match ${request.matchId} already exists`);
    const ruleset = request.rulesetId ? rulesetById(request.rulesetId) : undefined;
    if (!ruleset) violation('C-6', `ruleset must be one of ${RULESET_IDS.join(', ')}`, 'invalid');
    const { principal, command } = request;
    if (principal.role !== 'organiser' && principal.role !== 'judge') {
      throw new NotYourCommandError('matches are created with an organiser or judge key');
    }
    // C-2: a server-dice match is created with SHA-256 of its seed, never the seed.
    const withCommitment =
      command.diceMode === 'server'
        ? { ...command, diceCommitment: this.secrets.commitment(request.matchId) }
        : command;
    if (request.dice?.length) violation('C-2', 'creating a match rolls no dice', 'invalid');
    const created = ruleset.decider.decide(ruleset.decider.initialState(), withCommitment, NO_DICE);
    return { events: created, ruleset: (created[0]?.data as { ruleset?: RulesetRef } | undefined)?.ruleset };
  }

  private decide(request: MatchCommandRequest, events: RecordedEvent[]): Decided {
    if (events.length === 0) throw new MatchNotFoundError(request.matchId);
    const folded = foldMatchWithFold(request.matchId, events);
    const { match } = folded;
    const ruleset = events[0]!.metadata.ruleset;
    const { principal, command } = request;

    if (MATCH_LEVEL_COMMAND_TYPES.has(command.type)) {
      if (principal.role === 'spectator') throw new NotYourCommandError('a spectator key can only read');
      this.assertOwnMatch(request);
      if (request.dice?.length) violation('C-1', `${command.type} rolls no dice`, 'invalid');
      const serverSeed =
        this.diceMode(events) === 'server' ? this.secrets.seed(request.matchId).toString('hex') : null;
      const actor = {
        role: principal.role,
        ...(principal.side ? { side: principal.side } : {}),
      } as Parameters<typeof decideMatchLevel>[2];
      return {
        events: decideMatchLevel(match.meta, command as unknown as MatchLevelCommand, actor, {
          revision: match.revision,
          serverSeed,
        }),
        ruleset,
        folded,
      };
    }

    if (!match.ruleset.commandTypes.includes(command.type)) {
      violation(
        'C-6',
        `${command.type} is not a command of the ${match.ruleset.id} ruleset this match is played under`,
        'invalid',
      );
    }
    if (match.meta.ended) violation('C-4', 'the match has ended');
    this.authorise(request, match.ruleset, match.state);
    const dice = this.diceFor(request, match);
    const decided = match.ruleset.decider.decide(
      match.state,
      this.sealedOrders.prepare(match, command),
      dice,
    );
    if (dice instanceof TableDice) dice.assertAllUsed();
    return { events: decided, ruleset, folded };
  }

  private assertOwnMatch(request: MatchCommandRequest): void {
    const { principal } = request;
    if (principal.role === 'player' && principal.matchId !== request.matchId) {
      throw new NotYourCommandError(`this player key is for another match, not ${request.matchId}`);
    }
  }

  /** A player acts only for its own side, in its own match; spectators never act. */
  private authorise(request: MatchCommandRequest, ruleset: AnyRuleset, state: unknown): void {
    const { principal, command } = request;
    if (principal.role === 'spectator') throw new NotYourCommandError('a spectator key can only read');
    if (principal.role === 'organiser' || principal.role === 'judge') {
      if (command.type === 'RegisterUnit') return;
      throw new NotYourCommandError(
        `${command.type} is a player's command; ${principal.role} keys set matches up`,
      );
    }
    this.assertOwnMatch(request);
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

  private diceMode(events: RecordedEvent[]): string | undefined {
    return (events[0]?.data as { diceMode?: string } | undefined)?.diceMode;
  }

  private diceFor(request: MatchCommandRequest, match: LoadedMatch): DiceSource {
    if (this.diceMode(match.events) === 'table') return new TableDice(request.dice ?? []);
    if (request.dice?.length)
      violation('C-2', 'this match rolls server dice; a command cannot bring its own faces', 'invalid');
    // C-5: the index counts every roll ever recorded, reverted or not, so an undo never re-offers a roll.
    const next = lastRollIndex(match.events.map((e) => e.data)) + 1;
    return new ServerDice(this.secrets.seed(request.matchId), clientSeedsText(match.meta.clientSeeds), next);
  }

  private result(
    request: MatchCommandRequest,
    match: LoadedMatch,
    mine: RecordedEvent[],
    duplicate: boolean,
  ): MatchCommandResult {
    const viewer = viewerOf(request.principal);
    return {
      matchId: request.matchId,
      revision: mine[mine.length - 1]!.metadata.revision,
      duplicate,
      events: this.viewer.events(match, viewer, mine),
      state: this.viewer.state(match, viewer),
    };
  }
}
