import { Inject, Injectable } from '@nestjs/common';
import { CheckpointSigner } from '../../audit/checkpoint-signer.service.js';
import { streamExportLines } from '../../audit/export-lines.js';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { MatchAggregates } from '../../match/match-aggregates.js';
import { matchStream } from '../../match/match-stream.js';
import { tournamentStream } from '../../rules/tournament/index.js';
import { TournamentBoard } from '../../tournament/tournament-board.service.js';
import { tournamentSummary } from '../../tournament/tournament-summary.js';

/**
 * GET /tournaments/:id/export, NDJSON:
 * 1. a summary line `{ format, tournamentId, name, exportedAt, participants, rounds, standings,
 *    matches }`: what the events below add up to, for a reader (and checked against them by the
 *    verifier: a summary that says otherwise fails);
 * 2. the tournament stream's envelopes exactly as stored (hash chain intact), then the service's
 *    signed checkpoint of its last event;
 * 3. for each match it scheduled, in schedule order, the match's envelopes and their signed
 *    checkpoint, as GET /matches/:id/export gives them.
 * A stream whose stored chain is broken gets no checkpoint (the service signs no broken log).
 * verifyTournamentExport checks the whole file offline with the service's public key.
 */
@Injectable()
export class TournamentExport {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly board: TournamentBoard,
    private readonly signer: CheckpointSigner,
    private readonly matches: MatchAggregates,
  ) {}

  /**
   * What the export is a function of, besides the instant it is made: the head of the tournament's
   * stream and of each match it scheduled, and the key that signs their checkpoints. Only the instant
   * differs between two exports of the same parts (the summary's `exportedAt` and the round clocks
   * counted to it, the checkpoints' signing times): they hold the same events and prove the same thing.
   * Read before the lines: a match that moves on meanwhile makes the file newer than these parts, which
   * then never come again (a log only grows).
   */
  async validator(tournamentId: string): Promise<(string | number)[]> {
    const { state, events } = await this.board.current(tournamentId);
    const last = events[events.length - 1]!.metadata;
    const parts: (string | number)[] = [last.revision, last.hash, this.signer.keyId];
    for (const { matchId } of state.schedule) {
      // A match scheduled and not created yet has no lines in the file.
      const match = (await this.matches.find(matchId))?.current();
      parts.push(matchId, match?.revision ?? 0, match?.headHash ?? '');
    }
    return parts;
  }

  async lines(tournamentId: string): Promise<AsyncGenerator<string>> {
    const { state, events } = await this.board.current(tournamentId);
    const summary = tournamentSummary(state, new Date().toISOString());
    const revision = events[events.length - 1]!.metadata.revision;
    const matches = summary.matches;
    const { store, signer } = this;
    async function* all(): AsyncGenerator<string> {
      yield JSON.stringify(summary) + '\n';
      yield* streamExportLines(store, signer, tournamentStream(tournamentId), revision);
      for (const matchId of matches) {
        // Each match up to its head now: the checkpoint signs what was read.
        const head = await store.readStream(matchStream(matchId), { fromRevision: 1, maxCount: 1 });
        if (head.length === 0) continue;
        yield* streamExportLines(store, signer, matchStream(matchId), Number.MAX_SAFE_INTEGER);
      }
    }
    return all();
  }
}
