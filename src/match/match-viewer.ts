import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { DomainEvent } from '../rules/common/decider.js';
import type { Viewer } from '../rules/ruleset.js';
import { isMatchLevelEvent } from '../rules/match/events.js';
import type { LoadedMatch } from './match-aggregate.js';
import { SealedOrders } from './sealed-orders.js';

/** An event as a caller sees it: the ruleset's view of its data, and who did it when. */
export interface EventView {
  revision: number;
  type: string;
  data: unknown;
  at: string;
  actor: { role: string; side?: string };
  /** True when a later ActionsReverted undid it (C-5); it stays in the log. */
  reverted: boolean;
}

/**
 * THE place where match information leaves the service for a viewer (AA-2): every route, stream,
 * export and webhook goes through here. The ruleset hides what its rules hide, and with the match's
 * escrow shows a side its own sealed cards.
 */
@Injectable()
export class MatchViewer {
  constructor(private readonly sealedOrders: SealedOrders) {}

  event(match: LoadedMatch, event: RecordedEvent, viewer: Viewer): EventView {
    // Match-level events (seeds, undo, disputes, the end) hide nothing and are not the ruleset's to view.
    const viewed = isMatchLevelEvent(event)
      ? { type: event.type, data: event.data }
      : match.ruleset.viewEvent(
          { type: event.type, data: event.data } as DomainEvent,
          viewer,
          this.sealedOrders.escrow(match.matchId),
        );
    const { role, side } = event.metadata.actor;
    return {
      revision: event.metadata.revision,
      type: viewed.type,
      data: viewed.data,
      at: event.metadata.at,
      actor: side ? { role, side } : { role },
      reverted: match.reverted.has(event.metadata.revision),
    };
  }

  events(match: LoadedMatch, viewer: Viewer, events: readonly RecordedEvent[]): EventView[] {
    return events.map((event) => this.event(match, event, viewer));
  }

  state(match: LoadedMatch, viewer: Viewer): unknown {
    return this.stateOf(match, match.state, viewer);
  }

  /** A ruleset state of this match (now, or as it stood after some event), as this viewer may see it. */
  stateOf(match: LoadedMatch, state: unknown, viewer: Viewer): unknown {
    return match.ruleset.viewState(state, viewer, this.sealedOrders.escrow(match.matchId));
  }
}
