import type { CommandTemplate } from '../../web/shared/contract.js';
import { doneWords, suggestedBackup, upholdsWithoutBackup } from '../../web/judge/ruling.js';

/** What the judge's console works out of a ruling's template (web/judge/ruling.ts). */
const dispute = { disputeId: 'd1', revision: 8, claim: 'the second die showed 1', side: 'B' };
const ruling = (targets: number[] | undefined): CommandTemplate =>
  ({
    action: 'ruling',
    label: "Rule on Zulus' dispute of event 8",
    route: '/matches/m/disputes/d1/ruling',
    role: 'judge',
    body: {},
    ruleId: 'C-5',
    choices: [
      {
        path: 'ruling',
        label: 'The ruling',
        kind: 'one-of',
        options: [
          { value: 'upheld', label: 'Upheld' },
          { value: 'dismissed', label: 'Dismissed' },
        ],
      },
      ...(targets
        ? [
            {
              path: 'backupTo',
              label: 'Back the match up to right after which event?',
              kind: 'one-of' as const,
              options: targets.map((r) => ({ value: r, label: `after event ${r}` })),
              optional: true,
              when: { path: 'ruling', value: 'upheld' },
            },
          ]
        : []),
    ],
  }) as unknown as CommandTemplate;
const kept = () => false;
const sideName = (side?: string) => (side === 'B' ? 'Zulus' : 'British');

describe('the judge’s console on an upheld ruling (C-5, Q-32)', () => {
  it('C-5 Q-32 suggests the last event offered before the disputed one, not the disputed event nor a later one', () => {
    // 9 ends the disputed test's command; 8 is inside it and so never offered.
    expect(suggestedBackup(ruling([9, 7, 6, 3]), dispute, kept)).toBe(7);
  });

  it('C-5 suggests nothing when no event before the disputed one is offered, or when it is already undone', () => {
    expect(suggestedBackup(ruling([10, 9]), dispute, kept)).toBeUndefined();
    expect(suggestedBackup(ruling([9, 7]), dispute, (r) => r === 8)).toBeUndefined();
    // C-4: an ended match's ruling offers no backup at all.
    expect(suggestedBackup(ruling(undefined), dispute, kept)).toBeUndefined();
  });

  it('C-5 upholding with no backup is asked about only while a backup could be chosen', () => {
    expect(upholdsWithoutBackup(ruling([7]), { ruling: 'upheld' })).toBe(true);
    expect(upholdsWithoutBackup(ruling([7]), { ruling: 'upheld', backupTo: 7 })).toBe(false);
    expect(upholdsWithoutBackup(ruling([7]), { ruling: 'dismissed' })).toBe(false);
    expect(upholdsWithoutBackup(ruling(undefined), { ruling: 'upheld' })).toBe(false);
  });

  it('C-5 says what a ruling did in words', () => {
    expect(doneWords(ruling([7]), { ruling: 'upheld', backupTo: 7 }, dispute, sideName)).toBe(
      "Ruled on Zulus' dispute of event 8: upheld, the match backed up to after event 7.",
    );
    expect(doneWords(ruling([7]), { ruling: 'upheld' }, dispute, sideName)).toBe(
      "Ruled on Zulus' dispute of event 8: upheld, the match not backed up (nothing in it changed).",
    );
    expect(doneWords(ruling([7]), { ruling: 'dismissed' }, dispute, sideName)).toBe(
      "Ruled on Zulus' dispute of event 8: dismissed.",
    );
  });
});
