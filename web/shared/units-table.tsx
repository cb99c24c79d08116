import { factColumns, type Side, type UnitRow } from './match-view';

/** Each side's units as they stood at the revision shown, one column per fact the ruleset keeps. */
export function UnitsTables(props: { sides: Side[]; rows: UnitRow[]; activeSide?: string; shown: number }) {
  const columns = factColumns(props.rows);
  return (
    <section aria-labelledby="units-heading" class="units">
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
              <div class="table-scroll" tabIndex={0} role="region" aria-label={`${side.name}: units`}>
                <table>
                  <caption class="sr-only">
                    Units of {side.name} after revision {props.shown}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Unit</th>
                      <th scope="col">Status</th>
                      {columns.map((column) => (
                        <th scope="col" key={column.key}>
                          {column.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {units.map((unit) => (
                      <tr key={unit.unitId} data-unit={unit.unitId}>
                        <th scope="row">{unit.name}</th>
                        <td class={`status status-${unit.status}`}>{unit.status}</td>
                        {columns.map((column) => {
                          const fact = unit.facts.find((candidate) => candidate.key === column.key);
                          return (
                            <td key={column.key} class={fact ? `tone-${fact.tone}` : 'tone-unset'}>
                              {fact?.text ?? '—'}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
