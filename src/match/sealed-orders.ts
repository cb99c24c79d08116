import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MatchSecrets } from './match-secrets.service.js';
import { openEscrow, sealEscrow } from './order-escrow.js';
import type { Escrow, PrepareServices } from '../rules/common/escrow.js';
import type { RulesetCommand } from '../rules/ruleset.js';
import type { LoadedMatch } from './match-aggregate.js';

/**
 * AA-2, at the service's edge: what a ruleset keeps sealed for a side is sealed under this service's
 * secret, per match. The rules decide what to seal, check and show (the ruleset's prepare hook and
 * views); this only supplies the crypto and the randomness they may not have themselves.
 */
@Injectable()
export class SealedOrders {
  constructor(private readonly secrets: MatchSecrets) {}

  /** The match's escrow: AES-256-GCM under a key derived from the server secret and the match id. */
  escrow(matchId: string): Escrow {
    const key = () => this.secrets.escrowKey(matchId);
    return {
      seal: (associated, plaintext) => sealEscrow(key(), associated, Buffer.from(plaintext)),
      open: (associated, sealed) => openEscrow(key(), associated, sealed),
    };
  }

  services(matchId: string): PrepareServices {
    return { escrow: this.escrow(matchId), randomBytes: (count) => randomBytes(count) };
  }

  /** The command as the ruleset's rules are to see it (e.g. a card sealed into escrow). */
  prepare(match: LoadedMatch, command: RulesetCommand): RulesetCommand {
    return match.ruleset.prepare(match.state, command, this.services(match.matchId));
  }
}
