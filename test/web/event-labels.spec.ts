import type { CommandTemplate } from '../../web/shared/contract.js';
import {
  eventNamed,
  eventOfNumber,
  withEventList,
  withEventSentences,
} from '../../web/shared/event-labels.js';
import type { LogEntry } from '../../web/shared/match-view.js';

/**
 * C-5: where a page asks which earlier event to go back to (an undo, a backup, a ruling's backup), each
 * choice names what that event was, from the turn log the page holds; the values sent are the contract's.
 */
const entry = (revision: number, sentence: string): LogEntry => ({
  revision,
  turn: 1,
  type: 'Test',
  sentence,
  ruleIds: [],
  at: '2026-12-02T10:00:00.000Z',
  actor: { role: 'player', side: 'A' },
  reverted: false,
});
const log = [entry(6, 'Impi charge the NNC.'), entry(7, 'The NNC pass their morale test.')];

const undoRequest: CommandTemplate = {
  action: 'undo-request',
  label: 'Ask to undo',
  command: 'RequestUndo',
  side: 'A',
  body: {},
  method: 'POST',
  route: '/matches/m/undo-requests',
  ruleId: 'C-5',
  choices: [
    {
      path: 'toRevision',
      label: 'Back to the state right after which event?',
      kind: 'one-of',
      options: [
        { value: 8, label: 'after event 8' },
        { value: 7, label: 'after event 7' },
        { value: 6, label: 'after event 6' },
      ],
    },
    { path: 'reason', label: 'Why', kind: 'text', maxLength: 500 },
  ],
};

describe('pages: earlier events named by their turn-log sentences', () => {
  it('C-5 given the turn log, when a page offers events to undo back to, then each names its event and keeps its value', () => {
    const shown = withEventSentences(undoRequest, log);
    const choice = shown.choices[0]!;
    expect(choice.kind === 'one-of' && choice.options).toEqual([
      { value: 8, label: 'after event 8' },
      { value: 7, label: 'after event 7: The NNC pass their morale test' },
      { value: 6, label: 'after event 6: Impi charge the NNC' },
    ]);
    expect(shown.choices[1]).toBe(undoRequest.choices[1]);
    expect(undoRequest.choices[0]).toMatchObject({ options: [{ label: 'after event 8' }, {}, {}] });
  });

  it('C-5 given a choice that is not of earlier events, then the template is left as it is', () => {
    const units: CommandTemplate = {
      ...undoRequest,
      choices: [
        {
          path: 'unitId',
          label: 'Which unit?',
          kind: 'one-of',
          options: [
            { value: 7, label: 'seven' },
            { value: 6, label: 'after event 6' },
          ],
        },
      ],
    };
    expect(withEventSentences(units, log)).toBe(units);
  });

  it('C-5 an event is named with its sentence where the page holds it, by number otherwise', () => {
    expect(eventNamed(log, 7)).toBe('event 7 (The NNC pass their morale test)');
    expect(eventNamed(log, 3)).toBe('event 3');
  });
});

describe('pages: a dispute’s event named as its number is typed', () => {
  const disputeEvent = {
    path: 'revision',
    label: 'Which event is disputed?',
    kind: 'integer' as const,
    min: 1,
    max: 8,
  };

  it('C-5 given the turn log, when a number is typed for the disputed event, then its line is shown', () => {
    expect(eventOfNumber(log)(disputeEvent, 7)).toBe('Event 7: The NNC pass their morale test.');
    expect(eventOfNumber(log)(disputeEvent, 2)).toBeUndefined();
  });

  it('C-5 another number (a count, a die) is not taken for an event', () => {
    expect(eventOfNumber(log)({ ...disputeEvent, path: 'dice' }, 7)).toBeUndefined();
  });
});

describe('pages: a dispute’s event picked from the log, as an undo’s is', () => {
  const dispute: CommandTemplate = {
    ...undoRequest,
    action: 'dispute',
    command: 'RaiseDispute',
    choices: [
      { path: 'revision', label: 'Which event is disputed?', kind: 'integer', min: 1, max: 8 },
      { path: 'claim', label: 'The claim', kind: 'text', maxLength: 2000 },
    ],
  };
  const undone = [
    entry(5, 'Zulus register the Impi.'),
    ...log,
    { ...entry(8, 'Impi charge again.'), reverted: true },
  ];

  it('C-5 given the turn log, when a dispute asks for an event number, then the events it may name are offered, newest first, an undone one marked', () => {
    const shown = withEventList(dispute, undone);
    expect(shown.choices[0]).toEqual({
      path: 'revision',
      label: 'Which event is disputed?',
      kind: 'one-of',
      options: [
        { value: 8, label: 'event 8: Impi charge again (undone)' },
        { value: 7, label: 'event 7: The NNC pass their morale test' },
        { value: 6, label: 'event 6: Impi charge the NNC' },
        { value: 5, label: 'event 5: Zulus register the Impi' },
      ],
    });
    expect(shown.choices[1]).toBe(dispute.choices[1]);
  });

  it('C-5 events outside the range the contract allows are not offered; with none held, the number stays', () => {
    const narrow = { ...dispute, choices: [{ ...dispute.choices[0]!, min: 6, max: 7 } as const] };
    const choice = withEventList(narrow, undone).choices[0]!;
    expect(choice.kind === 'one-of' && choice.options.map((o) => o.value)).toEqual([7, 6]);
    expect(withEventList(dispute, [])).toEqual(dispute);
  });

  it('C-5 an undone event is said to be undone wherever it is named', () => {
    expect(eventNamed(undone, 8)).toBe('event 8 (Impi charge again (undone))');
  });
});
