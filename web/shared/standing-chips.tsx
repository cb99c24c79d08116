import type { Standing } from './match-view';
import { resultSentence } from './result-sentence';

/**
 * Where a match stands, as the chips of a `<dl class="chips">`: its turn, the side to act (until it
 * ends: nobody acts after the end), the phase and, once ended, its result. `activeLabel` is the page's
 * word for the side to act.
 */
export function StandingChips(props: {
  standing: Standing;
  activeLabel: string;
  sideName: (id?: string) => string;
  unitName: (id: string) => string | undefined;
}) {
  const { standing, sideName, unitName } = props;
  return (
    <>
      <div>
        <dt>Turn</dt>
        <dd data-testid="turn">{standing.turn ?? '—'}</dd>
      </div>
      {!standing.ended && (
        <div>
          <dt>{props.activeLabel}</dt>
          <dd data-testid="active-side">{sideName(standing.activeSide)}</dd>
        </div>
      )}
      {standing.phase && (
        <div>
          <dt>Phase</dt>
          <dd>{standing.phase}</dd>
        </div>
      )}
      {standing.ended && (
        <div>
          <dt>Result</dt>
          <dd data-testid="result">{resultSentence(standing.result, sideName, unitName)}</dd>
        </div>
      )}
    </>
  );
}
