import type { Standing } from './match-view';
import { phaseWords as playerPhaseWords } from './phase-words';
import { resultSentence } from './result-sentence';

/**
 * Where a match stands, as the chips of a `<dl class="chips">`: its turn, the side to act (until it
 * ends: nobody acts after the end), the phase in words (until it ends) and, once ended, its result. `activeLabel` is
 * the page's word for the side to act; `phaseWords` its words for a phase (else every page's own).
 */
export function StandingChips(props: {
  standing: Standing;
  activeLabel: string;
  sideName: (id?: string) => string;
  unitName: (id: string) => string | undefined;
  phaseWords?: (phase: string) => string;
}) {
  const { standing, sideName, unitName, phaseWords = playerPhaseWords } = props;
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
      {standing.phase && !standing.ended && (
        <div>
          <dt>Phase</dt>
          <dd data-testid="phase">{phaseWords(standing.phase)}</dd>
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
