import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isMatchLevelEvent } from '../match/match-events.js';
import type { LoadedMatch } from '../match/match-loader.js';
import type { EventView, MatchViewer } from '../match/match-viewer.js';
import type { Viewer } from '../rules/ruleset.js';

/**
 * An event as a viewer may see it, through the MatchViewer. Match-level events (client seeds, undo,
 * disputes, the end) hide nothing and are not the ruleset's to view: atomic-africa's view refuses any
 * event type it does not know, so they are shown as recorded rather than handed to it.
 */
export function viewMatchEvent(
  viewer: MatchViewer,
  match: LoadedMatch,
  event: RecordedEvent,
  who: Viewer,
): EventView {
  if (!isMatchLevelEvent(event)) return viewer.event(match, event, who);
  const { role, side } = event.metadata.actor;
  return {
    revision: event.metadata.revision,
    type: event.type,
    data: event.data,
    at: event.metadata.at,
    actor: side ? { role, side } : { role },
    reverted: match.reverted.has(event.metadata.revision),
  };
}
