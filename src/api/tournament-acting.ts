import { BadRequestException, ForbiddenException } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';

/**
 * The participant a result command speaks for. A participant key speaks for its own participant only;
 * an organiser or judge (entering a result slip at the desk) names the participant.
 */
export function actingParticipant(principal: Principal, given: string | undefined): string {
  if (principal.role === 'player') {
    if (!principal.participantId) {
      throw new ForbiddenException(
        'this player key plays a match but speaks for no participant: ask the organiser for a participant key (POST /tournaments/:id/participants/:participantId/keys)',
      );
    }
    if (given !== undefined && given !== principal.participantId) {
      throw new ForbiddenException(`this key speaks for participant ${principal.participantId} only`);
    }
    return principal.participantId;
  }
  if (given === undefined) throw new BadRequestException('participantId is required: for whom this is');
  return given;
}
