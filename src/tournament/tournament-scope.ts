import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { boundMatch } from '../auth/key-policy.js';
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

/** Routes that list or reach more than one match: no key bound to one match may call them. */
const NOT_FOR_ONE_MATCH: { method: string; route: string; why: string }[] = [
  { method: 'GET', route: '/tournaments', why: 'it sees no tournament' },
  { method: 'POST', route: '/tournaments', why: 'it cannot create tournaments' },
  { method: 'POST', route: '/matches', why: 'it cannot create matches' },
  { method: 'GET', route: '/projections', why: 'the read models hold every match' },
  { method: 'POST', route: '/projections/:name/rebuild', why: 'the read models hold every match' },
];

/**
 * A key bound to a tournament (whatever its role, organiser included) reads and acts only within it:
 * on its own tournament's routes, and on the matches scheduled in it. Checked once for every route
 * (by the AuthGuard, before the route's roles), the match routes of every controller included, so
 * that no route can forget it.
 *
 * Nothing outside the scope is located for the key: another tournament's id answers exactly as an
 * unknown tournament does, another tournament's match exactly as an unknown match (404).
 *
 * A judge or spectator key bound to one match reaches that match alone: its routes, its feed, its log
 * and export. Another match answers as an unknown match (404), a tournament other than the key's own
 * as an unknown tournament (404), and its own tournament's routes, which show the other tables, 403;
 * GET /matches lists that match only (MatchListQueries). Checked after the tournament's bound, so a
 * key bound to both is held to both.
 */
@Injectable()
export class TournamentScope implements ScopeCheck {
  constructor(private readonly directory: TournamentDirectory) {}

  async check(principal: Principal, request: ScopedRequest): Promise<void> {
    await this.checkTournament(principal, request);
    this.checkMatch(principal, request);
  }

  private checkMatch(principal: Principal, request: ScopedRequest): void {
    const bound = boundMatch(principal);
    if (!bound) return;
    const { method, route, params } = request;
    if (route === '/matches/:id' || route.startsWith('/matches/:id/')) {
      if (params.id !== bound) throw new MatchNotFoundError(params.id ?? '');
    } else if (route === '/tournaments/:id' || route.startsWith('/tournaments/:id/')) {
      if (params.id !== principal.tournamentId) throw unknownTournament(params.id ?? '');
      throw new ForbiddenException(
        `this key is for match ${bound} only: it reads and acts in no other table of tournament ${params.id}`,
      );
    } else {
      const refused = NOT_FOR_ONE_MATCH.find((r) => r.method === method && r.route === route);
      if (refused) throw new ForbiddenException(`this key is for match ${bound} only: ${refused.why}`);
    }
  }

  private async checkTournament(principal: Principal, request: ScopedRequest): Promise<void> {
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
