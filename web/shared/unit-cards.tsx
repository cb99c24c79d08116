import type { Side, UnitRow, UnitWords } from './match-view';
import { wordsOf } from './unit-words';

/**
 * Each side's units as short cards that read as sentences ('Z1: base morale 8, move 6". Disordered;
 * cannot attack in turn 4 (HH-11).'), for a page read on a phone: nothing in them is wider than the
 * screen, so the page never scrolls sideways. On a wide screen the cards stand side by side.
 */
export function UnitCards(props: {
  sides: Side[];
  rows: UnitRow[];
  activeSide?: string;
  /** Each unit in words, by its id, as the answer the rows were read from gives them. */
  words: Readonly<Record<string, UnitWords>> | undefined;
  /** A unit's name by its id, undefined for any other word (unitNamesOf): "left-flank" names no unit. */
  nameOf: (id: string) => string | undefined;
}) {
  return (
    <section aria-labelledby="units-heading" class="units unit-cards">
      <h2 id="units-heading">Units</h2>
      {props.sides.map((side) => {
        const units = props.rows.filter((row) => row.side === side.id);
        return (
          <div class={`side side-${side.id.toLowerCase()}`} key={side.id} data-side={side.id}>
            <h3>
              {side.name} <span class="note">side {side.id}</span>
              {props.activeSide === side.id && <span class="badge">to act</span>}
            </h3>
            {units.length === 0 ? (
              <p class="note">No units yet.</p>
            ) : (
              <ul class="unit-list" aria-label={`${side.name}: units`}>
                {units.map((row) => {
                  const unit = wordsOf(row, props.words, props.nameOf);
                  return (
                    <li key={row.unitId} data-unit={row.unitId} class={unit.status ? 'unit-out' : undefined}>
                      <p class="unit-traits">
                        <strong class="unit-name">{row.name}</strong>
                        {unit.status && <span class="badge unit-status">{unit.status}</span>}
                        {unit.traits.length > 0 && <span>: {unit.traits.join(', ')}.</span>}
                      </p>
                      {unit.conditions.length > 0 && (
                        <p class="unit-conditions">{sentence(unit.conditions)}</p>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** "Disordered; cannot attack in turn 4 (HH-11)." */
function sentence(parts: string[]): string {
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
