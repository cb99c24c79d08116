import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import type { ScopeCheck, ScopedRequest } from '../auth/scope-check.js';
import { MatchNotFoundError } from '../match/match-errors.js';
import { TournamentDirectory } from './tournament-directory.js';

/** Routes that reach past any one tournament: no key bound to a tournament may call them. */
const UNBOUND_ONLY: { method: string; route: string; why: string }[] = [
  { method: 'POST', route: '/tournaments', why: 'it cannot create tournaments' },
  { method: 'GET', route: '/projections', why: 'the read models hold every tournament' },
  { method: 'POST', route: '/projections/:name/rebuild', why: 'the read models hold every tournament' },
];

/**
 * A key bound to a tournament (whatever its role, organiser included) reads and acts only within it:
 * on its own tournament's routes, and on the matches scheduled in it. Checked once for every route
 * (by the AuthGuard, before the route's roles), the match routes of every controller included, so
 * that no route can forget it.
 *
 * Nothing outside the scope is located for the key: another tournament's id answers exactly as an
 * unknown tournament does, another tournament's match exactly as an unknown match (404).
 */
@Injectable()
export class TournamentScope implements ScopeCheck {
  constructor(private readonly directory: TournamentDirectory) {}

  async check(principal: Principal, request: ScopedRequest): Promise<void> {
    const bound = principal.tournamentId;
    if (!bound) return;
    const { method, route, params } = request;
    if (route === '/tournaments/:id' || route.startsWith('/tournaments/:id/')) {
      if (params.id !== bound) throw unknownTournament(params.id ?? '');
    } else if (route === '/matches/:id' || route.startsWith('/matches/:id/')) {
      if (!(await this.holds(bound, params.id))) throw new MatchNotFoundError(params.id ?? '');
    } else if (route === '/matches' && method === 'POST') {
      throw new ForbiddenException(
        `this key is for tournament ${bound}: create its matches with POST /tournaments/${bound}/matches`,
      );
    } else {
      const refused = UNBOUND_ONLY.find((r) => r.method === method && r.route === route);
      if (refused) throw new ForbiddenException(`this key is for tournament ${bound} only: ${refused.why}`);
    }
  }

  /** Whether the match is one of the tournament's (false for a match that does not exist). */
  async holds(tournamentId: string, matchId: string | undefined): Promise<boolean> {
    if (!matchId) return false;
    return (await this.directory.scheduleOf(matchId))?.tournamentId === tournamentId;
  }
}

/** The answer to an unknown tournament, word for word as the tournament routes give it. */
export function unknownTournament(tournamentId: string): NotFoundException {
  return new NotFoundException(`tournament ${tournamentId} does not exist`);
}
