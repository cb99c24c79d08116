import {
  BadRequestException,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
} from '@nestjs/common';
import type { Principal } from '../auth/principal.js';

/**
 * The participant a result command speaks for. A participant key speaks for its own participant only;
 * an organiser or judge (entering a result slip at the desk) names the participant.
 */
export function actingParticipant(principal: Principal, given: string | undefined): string {
  if (principal.role === 'player') {
    assertParticipantKey(principal);
    if (given !== undefined && given !== principal.participantId) {
      throw new ForbiddenException(`this key speaks for participant ${principal.participantId} only`);
    }
    return principal.participantId!;
  }
  if (given === undefined) throw new BadRequestException('participantId is required: for whom this is');
  return given;
}

/**
 * Player keys reach a tournament's routes as participant keys only (bound to it and to a participant,
 * which the scope check has matched to this tournament already); a key that only plays a match is
 * refused, whichever tournament its match is in.
 */
export function assertParticipantKey(principal: Principal): void {
  if (principal.role === 'player' && !(principal.participantId && principal.tournamentId)) {
    throw new ForbiddenException(
      'this player key plays a match but speaks for no participant: ask the organiser for a participant key (POST /tournaments/:id/participants/:participantId/keys)',
    );
  }
}

/**
 * The same check as a guard, so that it answers before any body or parameter is validated: a match's
 * player key learns nothing of a tournament's routes but that they are not for it.
 */
@Injectable()
export class ParticipantKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { principal } = context.switchToHttp().getRequest<{ principal?: Principal }>();
    if (principal) assertParticipantKey(principal);
    return true;
  }
}
