import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { DomainEvent } from '../rules/common/decider.js';
import type { AnyRuleset } from '../rules/registry.js';
import type { Viewer } from '../rules/ruleset.js';

/** An event as a caller sees it: the ruleset's view of its data, and who did it when. */
export interface EventView {
  revision: number;
  type: string;
  data: unknown;
  at: string;
  actor: { role: string; side?: string };
}

/** The one place events leave the service for a viewer: hidden parts are filtered by the ruleset. */
export function viewEvent(ruleset: AnyRuleset, event: RecordedEvent, viewer: Viewer): EventView {
  const viewed = ruleset.viewEvent({ type: event.type, data: event.data } as DomainEvent, viewer);
  const { role, side } = event.metadata.actor;
  return {
    revision: event.metadata.revision,
    type: viewed.type,
    data: viewed.data,
    at: event.metadata.at,
    actor: side ? { role, side } : { role },
  };
}
