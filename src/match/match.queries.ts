import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type Principal, viewerOf } from '../auth/principal.js';
import { NotYourCommandError } from './match-errors.js';
import { MatchLoader } from './match-loader.js';
import { MatchViewer } from './match-viewer.js';
import { visibleRevision } from './spectator-delay.js';

export class GetMatch {
  constructor(
    readonly matchId: string,
    readonly principal: Principal,
  ) {}
}

export interface MatchStateView {
  matchId: string;
  ruleset: { id: string; version: string; hash: string };
  revision: number;
  state: unknown;
}

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
    const state = visible === match.revision ? match.state : await this.loader.stateAt(matchId, visible);
    return {
      matchId,
      ruleset: match.rulesetRef,
      revision: visible,
      state: this.viewer.stateOf(match, state, viewerOf(principal)),
    };
  }
}
