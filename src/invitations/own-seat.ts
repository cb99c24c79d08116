import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { Side } from '../rules/common/sides.js';
import { participantOf, roundOf, type Tournament } from '../rules/tournament/index.js';

/** What a participant asks for: their seat at a table of a round. */
export interface OwnSeatRequest {
  participantId: string;
  round: number;
  table: number;
  side: Side;
}

/**
 * The match a participant key may take a seat in: the refereed match the tournament scheduled for
 * this pairing (MatchScheduled), with this participant on this side. A participant plays their own
 * side of their own pairing only; a dropped or withdrawn participant plays no more, and a pairing
 * voided or with its result standing has no match left to play. Each refusal says which of these
 * failed, and is decided from the tournament's events alone, before anything is appended.
 */
export function ownSeat(state: Tournament, request: OwnSeatRequest): { matchId: string } {
  const { participantId, round, table, side } = request;
  const participant = participantOf(state, participantId);
  if (!participant)
    throw new NotFoundException(`tournament ${state.tournamentId} has no participant ${participantId}`);
  if (participant.status !== 'active') {
    throw new ForbiddenException(
      `participant ${participantId} has ${participant.status === 'dropped' ? 'dropped out of' : 'withdrawn from'} the tournament: they take no seat`,
    );
  }
  const played = roundOf(state, round);
  if (!played) throw new NotFoundException(`tournament ${state.tournamentId} has no round ${round}`);
  const pairing = played.pairings.find((p) => p.table === table);
  if (!pairing) throw new NotFoundException(`round ${round} has no table ${table}`);
  const at = `table ${table} of round ${round}`;
  const mine: Side | undefined =
    pairing.A === participantId ? 'A' : pairing.B === participantId ? 'B' : undefined;
  if (!mine) throw new ForbiddenException(`participant ${participantId} does not play at ${at}`);
  if (mine !== side) {
    throw new ForbiddenException(
      `side: participant ${participantId} plays side ${mine} at ${at}, not side ${side}`,
    );
  }
  if (pairing.status === 'void') throw new ConflictException(`${at} was voided: its match is not played`);
  if (pairing.status === 'final') throw new ConflictException(`${at} has its result: its match is over`);
  if (pairing.matchId === undefined) {
    throw new NotFoundException(
      state.tables === 'refereed' && played.status === 'paired'
        ? `${at} has no match yet: it is scheduled when the round starts`
        : `${at} is not refereed: it has no match to join; report its result instead`,
    );
  }
  const scheduled = state.schedule.find((s) => s.matchId === pairing.matchId);
  if (scheduled?.participants?.[side] !== participantId) {
    throw new ForbiddenException(
      `match ${pairing.matchId} is not scheduled with participant ${participantId} on side ${side}`,
    );
  }
  return { matchId: pairing.matchId };
}
