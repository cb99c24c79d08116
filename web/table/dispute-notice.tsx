import { eventNamed } from '../shared/event-labels';
import { quotedToEnd } from '../shared/quote';
import type { LogEntry, Pending } from '../shared/match-view';
import { RuleLink } from '../shared/rule-link';

/** A claim longer than this is shown cut, its start kept: the notice stays small on a phone. */
const CLAIM_SHOWN = 200;

const clipped = (text: string) => (text.length > CLAIM_SHOWN ? `${text.slice(0, CLAIM_SHOWN - 1)}…` : text);

/** A turn log line without its "Turn 2: " (the notice is of now), its first letter a capital. */
function asNews(sentence: string): string {
  const bare = sentence.replace(/^Turn \d+: /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * C-5: the disputes the judge has yet to rule on, and the rulings made this turn, from the match's
 * pending disputes and its turn log: an open dispute in a box of its own, a ruling only as the ruling,
 * in another. Always in the page, its words kept as they are from one read of the match to the next,
 * so that a screen reader hears a dispute once as it opens and a ruling once as it is made (a polite
 * live region), never again at each read.
 */
export function DisputeNotice(props: {
  pending: Pending | undefined;
  entries: readonly LogEntry[];
  turn: number | undefined;
  /** The match has ended: play goes on no more, and a ruling can no longer back it up (C-4, C-5). */
  ended: boolean;
  side: string;
  sideName: (side: string) => string;
  onRule: (ruleId: string) => void;
}) {
  const { entries, side, sideName } = props;
  const open = props.pending?.disputes ?? [];
  // A ruling stays in view through the turn it was made in (or the later one a backup went back from).
  const ruled = entries.filter(
    (entry) => entry.type === 'DisputeRuled' && (props.turn === undefined || entry.turn >= props.turn),
  );
  const who = (raisedBy: string) => `${sideName(raisedBy)}${raisedBy === side ? ' (your side)' : ''}`;
  const them = open.length === 1 ? 'it' : 'each';
  return (
    <div aria-live="polite" data-testid="disputes-live">
      {open.length > 0 && (
        <section class="disputes" aria-labelledby="disputes-heading" data-testid="disputes">
          <h2 id="disputes-heading">
            {open.length === 1 ? 'A dispute is open' : `${open.length} disputes are open`}
          </h2>
          <ul>
            {open.map((dispute) => (
              <li key={dispute.disputeId} data-dispute={dispute.disputeId}>
                {who(dispute.side)} disputes {eventNamed(entries, dispute.revision)}:{' '}
                {quotedToEnd(clipped(dispute.claim))}
              </li>
            ))}
          </ul>
          <p class="note" data-testid="dispute-next">
            {props.ended
              ? `The match has ended: the judge will still rule on ${them}, but no ruling can change the play now.`
              : `The judge will rule on ${them}; play goes on meanwhile.`}
          </p>
        </section>
      )}
      {ruled.length > 0 && (
        <section class="disputes" aria-labelledby="rulings-heading" data-testid="rulings">
          <h2 id="rulings-heading">{ruled.length === 1 ? 'The judge has ruled' : 'The judge’s rulings'}</h2>
          <ul class="rulings">
            {ruled.map((entry) => (
              <li key={entry.revision} data-ruling={entry.revision}>
                <span class="sentence">{asNews(entry.sentence)}</span>
                <span class="rule-ids">
                  {entry.ruleIds.map((ruleId) => (
                    <RuleLink key={ruleId} ruleId={ruleId} onRule={props.onRule} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
