import { useState } from 'preact/hooks';
import type { LogEntry } from '../shared/match-view';
import { RuleLink } from '../shared/rule-link';

/** How many of the latest outcomes the page shows. */
const SHOWN = 8;

/**
 * The last outcomes in the service's own words, newest first, each rule id opening its text. A line
 * whose sealed card is hidden (`cards`: its own words by revision, sealed-lines.ts) shows the card only
 * while the player asks, here on this phone: nothing is stored or sent.
 */
export function Outcomes(props: {
  entries: LogEntry[];
  cards?: ReadonlyMap<number, string>;
  onRule: (ruleId: string) => void;
}) {
  const latest = props.entries.slice(-SHOWN).reverse();
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const toggle = (revision: number) =>
    setShown((was) => {
      const next = new Set(was);
      if (!next.delete(revision)) next.add(revision);
      return next;
    });
  return (
    <section class="outcomes" aria-labelledby="outcomes-heading">
      <h2 id="outcomes-heading">Last outcomes</h2>
      {latest.length === 0 ? (
        <p class="note">Nothing has happened yet.</p>
      ) : (
        <ol class="outcome-lines">
          {latest.map((entry) => {
            const card = props.cards?.get(entry.revision);
            const open = card !== undefined && shown.has(entry.revision);
            const sentence = open ? card : entry.sentence;
            return (
              <li
                key={entry.revision}
                class={entry.reverted ? 'reverted' : undefined}
                data-revision={entry.revision}
              >
                <span class="sentence">
                  <span class="note">{entry.revision}. </span>
                  {entry.reverted ? <s>{sentence}</s> : sentence}
                  {entry.reverted && <span class="note"> (undone)</span>}
                </span>
                {card !== undefined && (
                  <button
                    type="button"
                    class="quiet show-card"
                    aria-pressed={open}
                    aria-label={`${open ? 'Hide' : 'Show'} the card of event ${entry.revision}`}
                    onClick={() => toggle(entry.revision)}
                  >
                    {open ? 'Hide' : 'Show'} the card
                  </button>
                )}
                <span class="rule-ids">
                  {entry.ruleIds.map((ruleId) => (
                    <RuleLink key={ruleId} ruleId={ruleId} onRule={props.onRule} />
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
