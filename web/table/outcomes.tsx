import type { LogEntry } from '../shared/match-view';
import { RuleLink } from '../shared/rule-link';

/** How many of the latest outcomes the page shows. */
const SHOWN = 8;

/** The last outcomes in the service's own words, newest first, each rule id opening its text. */
export function Outcomes(props: { entries: LogEntry[]; onRule: (ruleId: string) => void }) {
  const latest = props.entries.slice(-SHOWN).reverse();
  return (
    <section class="outcomes" aria-labelledby="outcomes-heading">
      <h2 id="outcomes-heading">Last outcomes</h2>
      {latest.length === 0 ? (
        <p class="note">Nothing has happened yet.</p>
      ) : (
        <ol class="outcome-lines">
          {latest.map((entry) => (
            <li
              key={entry.revision}
              class={entry.reverted ? 'reverted' : undefined}
              data-revision={entry.revision}
            >
              <span class="sentence">
                <span class="note">{entry.revision}. </span>
                {entry.reverted ? <s>{entry.sentence}</s> : entry.sentence}
                {entry.reverted && <span class="note"> (undone)</span>}
              </span>
              <span class="rule-ids">
                {entry.ruleIds.map((ruleId) => (
                  <RuleLink key={ruleId} ruleId={ruleId} onRule={props.onRule} />
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
