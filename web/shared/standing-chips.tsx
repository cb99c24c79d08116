import { describeValue, type Standing } from './match-view';

/**
 * Where a match stands, as the chips of a `<dl class="chips">`: its turn, the side to act, the phase and,
 * once ended, its result. `activeLabel` is the page's word for the side to act.
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
      <div>
        <dt>{props.activeLabel}</dt>
        <dd data-testid="active-side">{sideName(standing.activeSide)}</dd>
      </div>
      {standing.phase && (
        <div>
          <dt>Phase</dt>
          <dd>{standing.phase}</dd>
        </div>
      )}
      {standing.ended && (
        <div>
          <dt>Result</dt>
          <dd data-testid="result">{standing.result ? describeValue(standing.result, unitName) : 'ended'}</dd>
        </div>
      )}
    </>
  );
}
