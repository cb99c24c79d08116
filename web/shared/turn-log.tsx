import { useEffect, useRef } from 'preact/hooks';
import type { LogEntry } from './match-view';

/**
 * The turn log up to the revision shown: the service's own sentences, each with its rule ids. An undone
 * step stays in the log, struck through, as it stays in the match's history.
 */
export function TurnLog(props: { entries: LogEntry[]; shown: number; onGoTo: (revision: number) => void }) {
  const { shown, onGoTo } = props;
  const entries = props.entries.filter((entry) => entry.revision <= shown);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Keep the line shown in view within the log's own box (as a score sheet follows the game), never
    // scrolling the page itself away from what the reader was looking at.
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !line || box.scrollHeight <= box.clientHeight) return;
    if (line.offsetTop < box.scrollTop) box.scrollTop = line.offsetTop;
    else if (line.offsetTop + line.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = line.offsetTop + line.offsetHeight - box.clientHeight;
  }, [shown, entries.length]);

  return (
    <section class="turn-log" aria-labelledby="log-heading">
      <h2 id="log-heading">Turn log</h2>
      {entries.length === 0 ? (
        <p class="note">Nothing has happened yet.</p>
      ) : (
        <ol ref={list} class="log-lines">
          {entries.map((entry, index) => {
            const newTurn = index === 0 || entries[index - 1]!.turn !== entry.turn;
            return (
              <li
                key={entry.revision}
                class={entry.reverted ? 'reverted' : undefined}
                aria-current={entry.revision === shown ? 'step' : undefined}
                data-revision={entry.revision}
              >
                {newTurn && entry.turn > 0 && <p class="turn-mark">Turn {entry.turn}</p>}
                <button
                  type="button"
                  class="revision"
                  onClick={() => onGoTo(entry.revision)}
                  aria-label={`Show the match after revision ${entry.revision}`}
                >
                  {entry.revision}
                </button>
                <span class="sentence">
                  {entry.reverted ? <s>{entry.sentence}</s> : entry.sentence}
                  {entry.reverted && <span class="note"> (undone)</span>}
                </span>
                <span class="rule-ids" aria-label="rule ids">
                  {entry.ruleIds.map((ruleId) => (
                    <span class="rule-id" key={ruleId}>
                      {ruleId}
                    </span>
                  ))}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
