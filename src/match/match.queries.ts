import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type Principal, viewerOf } from '../auth/principal.js';
import { NotYourCommandError } from './match-errors.js';
import { type LoadedMatch, MatchLoader } from './match-loader.js';
import { type MatchAt, MatchViewer, type PlayContractView } from './match-viewer.js';
import { visibleRevision } from './spectator-delay.js';

export class GetMatch {
  constructor(
    readonly matchId: string,
    readonly principal: Principal,
  ) {}
}

/** `GET /matches/:id`: the play contract, as this caller may see it now. */
export type MatchStateView = PlayContractView;

/** Player keys read only their own match; the other roles read any. */
export function assertMayRead(principal: Principal, matchId: string): void {
  if (principal.role === 'player' && principal.matchId !== matchId) {
    throw new NotYourCommandError(`this player key is for another match, not ${matchId}`);
  }
}

@Injectable()
export class MatchQueries {
  constructor(
    private readonly loader: MatchLoader,
    private readonly viewer: MatchViewer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async state(matchId: string, principal: Principal): Promise<MatchStateView> {
    assertMayRead(principal, matchId);
    const match = await this.loader.load(matchId);
    const visible = visibleRevision(principal, match, this.config.spectatorDelayEvents);
    return this.viewer.contract(match, await this.matchAt(match, visible), viewerOf(principal));
  }

  /** The match as it stood right after `revision`: from the fold now, or rebuilt (kept states, snapshots). */
  async matchAt(match: LoadedMatch, revision: number): Promise<MatchAt> {
    if (revision === match.revision) return { revision, state: match.state, meta: match.meta };
    return { revision, ...(await this.loader.matchAt(match.matchId, revision)) };
  }
}
