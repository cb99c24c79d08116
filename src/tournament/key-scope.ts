import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { fieldsMeaningless, mayIssueRole } from '../auth/key-policy.js';
import type { KeyGrant, Principal } from '../auth/principal.js';
import { MatchLoader } from '../match/match-loader.js';
import { TournamentScope, unknownTournament } from './tournament-scope.js';
import { TournamentService } from './tournament.service.js';

export type RequestedGrant = Omit<KeyGrant, 'keyId'>;

/**
 * Which keys a key may issue, see and revoke. A key mints keys of its own role or a lower one
 * (key-policy.ts), and of its own scope or a narrower one: a key bound to a tournament issues keys
 * bound to that tournament only (a grant that names none is bound to it), sees and revokes only keys
 * bound to it, and is answered about anything outside it exactly as about something that does not
 * exist. A key bound to a match (a player's seat, a judge or spectator of one match) names a match
 * that exists, and for an issuer bound to a tournament one of that tournament's.
 */
@Injectable()
export class KeyScope {
  constructor(
    private readonly scope: TournamentScope,
    private readonly tournaments: TournamentService,
    private readonly matches: MatchLoader,
  ) {}

  /** The grant the issuer may give for this request; throws 400/403/404 otherwise. */
  async grantFor(issuer: Principal, requested: RequestedGrant): Promise<RequestedGrant> {
    const meaningless = fieldsMeaningless(requested);
    if (meaningless.length > 0) {
      throw new BadRequestException({
        message: meaningless
          .map((field) =>
            field === 'side'
              ? `side goes with player keys only; a ${requested.role} key plays no side`
              : `matchId goes with player, judge and spectator keys only; an ${requested.role} key reaches past any one match`,
          )
          .join('; '),
        field: meaningless[0],
      });
    }
    if (!mayIssueRole(issuer.role, requested.role)) {
      throw new ForbiddenException(`a ${issuer.role} key cannot issue ${requested.role} keys`);
    }
    const tournamentId = requested.tournamentId ?? issuer.tournamentId;
    if (issuer.tournamentId && tournamentId !== issuer.tournamentId) throw unknownTournament(tournamentId!);
    if (tournamentId) await this.tournaments.read(tournamentId);
    if (requested.matchId) {
      if (!tournamentId) await this.matches.load(requested.matchId);
      else if (!(await this.scope.holds(tournamentId, requested.matchId))) {
        // The same answer for a match elsewhere and one that does not exist.
        throw new BadRequestException(
          `match ${requested.matchId} is not a match of tournament ${tournamentId}`,
        );
      }
    }
    return { ...requested, ...(tournamentId ? { tournamentId } : {}) };
  }

  /** Whether the key may see and revoke the other: any for an unbound key, its tournament's for a bound one. */
  covers(issuer: Principal, grant: KeyGrant): boolean {
    return !issuer.tournamentId || grant.tournamentId === issuer.tournamentId;
  }

  /** 404 for a key out of scope, word for word as for an unknown one. */
  unknownKey(keyId: string): NotFoundException {
    return new NotFoundException(`no key ${keyId}`);
  }
}
