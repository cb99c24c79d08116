/**
 * The discrepancies a verification finds, one per event and rule. The verifier looks at each event
 * once, in log order, running every check on it as it passes; the report must still read as if each
 * check had run over the whole log in turn (the chain, the rules the log names, the seed, the rolls,
 * the outcomes, the checkpoints). So each finding carries where its check stands in that order (its
 * pass, then its place within the pass), and of two findings for the same event and rule the one an
 * earlier pass would have made is kept.
 */
export type CheckName = 'chain' | 'checkpoints' | 'serverRolls' | 'reveals' | 'outcomes';

export interface Discrepancy {
  /** The event (its revision) at which the log stops being what the rules and the chain say. */
  revision: number;
  ruleId: string;
  check: CheckName;
  message: string;
}

/** The passes, in the order a whole-log verification makes them. */
export const Pass = { Chain: 0, Header: 1, Seed: 2, Rolls: 3, Rules: 4, Checkpoints: 5 } as const;
export type Pass = (typeof Pass)[keyof typeof Pass];

const CHECK_ORDER: readonly CheckName[] = ['chain', 'checkpoints', 'serverRolls', 'reveals', 'outcomes'];

interface Found extends Discrepancy {
  pass: Pass;
  place: number;
}

function before(a: Found, b: Found): boolean {
  return a.pass < b.pass || (a.pass === b.pass && a.place < b.place);
}

export class Findings {
  private readonly kept = new Map<string, Found>();
  private placed = 0;

  /** `place` orders findings within a pass; by default, the order they are added in. */
  add(
    revision: number,
    ruleId: string,
    check: CheckName,
    message: string,
    pass: Pass,
    place = this.placed++,
  ): void {
    const key = `${revision}|${ruleId}`;
    const found: Found = { revision, ruleId, check, message, pass, place };
    const earlier = this.kept.get(key);
    if (!earlier || before(found, earlier)) this.kept.set(key, found);
  }

  has(check: CheckName): boolean {
    for (const found of this.kept.values()) if (found.check === check) return true;
    return false;
  }

  sorted(): Discrepancy[] {
    return [...this.kept.values()]
      .sort(
        (a, b) =>
          a.revision - b.revision ||
          CHECK_ORDER.indexOf(a.check) - CHECK_ORDER.indexOf(b.check) ||
          a.pass - b.pass ||
          a.place - b.place,
      )
      .map(({ revision, ruleId, check, message }) => ({ revision, ruleId, check, message }));
  }
}
