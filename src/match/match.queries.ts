import { Injectable } from '@nestjs/common';
import { type Principal, viewerOf } from '../auth/principal.js';
import { NotYourCommandError } from './match-errors.js';
import { MatchLoader } from './match-loader.js';
import { MatchViewer } from './match-viewer.js';

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
  ) {}

  async state(matchId: string, principal: Principal): Promise<MatchStateView> {
    assertMayRead(principal, matchId);
    const match = await this.loader.load(matchId);
    return {
      matchId,
      ruleset: match.events[0]!.metadata.ruleset!,
      revision: match.revision,
      state: this.viewer.state(match, viewerOf(principal)),
    };
  }
}
