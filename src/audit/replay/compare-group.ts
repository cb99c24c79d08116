import type { RecordedEvent } from '../../event-store/event-store.port.js';
import type { DomainEvent } from '../../rules/common/decider.js';
import { describeValue, firstDifference, type Path, pathText, sameAsStored, valueAt } from './compare.js';

/**
 * C-3: what the rules give for one command against what the log holds for it (the events the command
 * appended, in order). Reports the first difference, under the rule it breaks, and returns how many
 * events agree.
 */
export function compareGroup(
  decided: readonly DomainEvent[],
  group: readonly Pick<RecordedEvent, 'type' | 'data' | 'metadata'>[],
  ruleIdOfEvent: (event: DomainEvent, path: Path) => string,
  report: (revision: number, ruleId: string, message: string) => void,
): number {
  // The common case, an honest command: equal as JSON, found without writing anything out.
  if (decided.length === group.length) {
    let same = true;
    for (let i = 0; same && i < decided.length; i++) {
      const want = decided[i]!;
      const got = group[i]!;
      same = want.type === got.type && sameAsStored(want.data, got.data);
    }
    if (same) return decided.length;
  }
  // A forged event may be any JSON: naming its rule must not fail on it.
  const ruleIdOf = (event: DomainEvent, path: Path): string => {
    try {
      return ruleIdOfEvent(event, path);
    } catch {
      return 'C-3';
    }
  };
  // What the store would have kept of the decided events: JSON, as appended.
  const expected = JSON.parse(
    JSON.stringify(decided.map(({ type, data }) => ({ type, data }))),
  ) as DomainEvent[];
  for (let i = 0; i < Math.max(expected.length, group.length); i++) {
    const want = expected[i];
    const got = group[i];
    if (!got) {
      const last = group[group.length - 1]!;
      report(
        last.metadata.revision,
        ruleIdOf(want!, ['type']),
        `after event ${last.metadata.revision} the rules also give ${want!.type}, which the log does not hold`,
      );
      return i;
    }
    const revision = got.metadata.revision;
    const recorded = { type: got.type, data: got.data };
    if (!want) {
      report(
        revision,
        ruleIdOf(recorded, ['type']),
        `event ${revision} (${got.type}) is not among the events the rules give for this command`,
      );
      return i;
    }
    const path = firstDifference(want, recorded);
    if (path) {
      const ruleId = path[1] === 'roll' ? 'C-1' : ruleIdOf(want, path);
      report(
        revision,
        ruleId,
        path[0] === 'type'
          ? `event ${revision} is ${got.type} in the log, but the rules give ${want.type}`
          : `event ${revision} (${got.type}): ${pathText(path)} is ${describeValue(valueAt(recorded, path))} in the log, but the rules give ${describeValue(valueAt(want, path))}`,
      );
      return i;
    }
  }
  return expected.length;
}
