/*
 * The play contract as one side reads it in the middle of a close combat (turn 2: B's 24th Foot
 * activated against A's Zulu impi, both declared fight), for the API document's example of
 * GET /matches/{id} under this ruleset. Read as side A: A's own reveal comes filled in with the card the
 * service sealed for it, while B's offers no card at all (AA-2); B's sealed card is not in A's state.
 */
export const PLAY_CONTRACT_EXAMPLE = {
  summary:
    "Atomic Africa, read by side A: both reveals of a close combat awaited (AA-5), B's card unseen (AA-2)",
  answer: {
    matchId: 'rorkes-drift',
    revision: 10,
    ruleset: { id: 'atomic-africa', version: '2.1.0', hash: '3133f985…' },
    turn: 2,
    activeSide: 'B',
    phase: 'close-combat',
    ended: false,
    awaiting: [
      {
        action: 'reveal',
        label: 'Reveal the orders card of 24th Foot',
        command: 'RevealOrder',
        method: 'POST',
        route: '/matches/rorkes-drift/reveals',
        body: {
          unitId: 'b1',
        },
        choices: [
          {
            kind: 'one-of',
            path: 'card',
            label: 'Orders card of 24th Foot',
            options: [],
          },
          {
            kind: 'one-of',
            path: 'specialAction',
            label: 'Special action announced (face cards J, Q, K only)',
            options: [
              {
                value: 'dig-in',
                label: 'Dig-in',
              },
              {
                value: 'mass-fire',
                label: 'Mass Fire',
              },
              {
                value: 'rally',
                label: 'Rally',
              },
            ],
            optional: true,
          },
        ],
        ruleId: 'AA-5',
        unitId: 'b1',
        combat: {
          kind: 'close-combat',
          unitIds: ['a1', 'b1'],
        },
        step: 'reveals',
        side: 'B',
      },
      {
        action: 'reveal',
        label: 'Reveal the orders card of Zulu impi',
        command: 'RevealOrder',
        method: 'POST',
        route: '/matches/rorkes-drift/reveals',
        body: {
          unitId: 'a1',
          card: '5C',
        },
        choices: [],
        ruleId: 'AA-5',
        unitId: 'a1',
        combat: {
          kind: 'close-combat',
          unitIds: ['a1', 'b1'],
        },
        step: 'reveals',
        side: 'A',
      },
    ],
    available: [
      {
        action: 'undo-request',
        label: 'Ask to undo back to an earlier event of this turn (Side B must agree)',
        command: 'RequestUndo',
        side: 'A',
        method: 'POST',
        route: '/matches/rorkes-drift/undo-requests',
        body: {},
        choices: [
          {
            path: 'toRevision',
            label: 'Back to the state right after which event?',
            kind: 'one-of',
            options: [
              {
                value: 9,
                label: 'after event 9',
              },
              {
                value: 8,
                label: 'after event 8',
              },
              {
                value: 7,
                label: 'after event 7',
              },
              {
                value: 6,
                label: 'after event 6',
              },
            ],
          },
          {
            path: 'reason',
            label: 'Why',
            kind: 'text',
            maxLength: 500,
          },
        ],
        ruleId: 'C-5',
      },
      {
        action: 'dispute',
        label: 'Dispute an event for Side A',
        command: 'RaiseDispute',
        side: 'A',
        method: 'POST',
        route: '/matches/rorkes-drift/disputes',
        body: {},
        choices: [
          {
            path: 'revision',
            label: 'Which event is disputed?',
            kind: 'integer',
            min: 1,
            max: 10,
          },
          {
            path: 'claim',
            label: 'The claim',
            kind: 'text',
            maxLength: 2000,
          },
        ],
        ruleId: 'C-5',
      },
    ],
    pending: {
      undoRequests: [],
      disputes: [],
    },
    state: {
      match: {
        matchId: 'rorkes-drift',
        sides: {
          A: 'Side A',
          B: 'Side B',
        },
        diceMode: 'table',
        diceCommitment: null,
        parameters: {
          rangedAttack: {
            hitOn: 4,
            massFireDiceMultiplier: 2,
            digInHitModifier: 1,
            rangeBands: [
              {
                upTo: 6,
                threshold: 1,
              },
              {
                upTo: 12,
                threshold: 2,
              },
              {
                upTo: 24,
                threshold: 3,
              },
            ],
          },
          jokerPosture: 'none',
          sprintMultiplier: 2,
        },
        ruleset: {
          id: 'atomic-africa',
          version: '2.1.0',
          hash: '3133f985…',
        },
      },
      turn: 2,
      activeSide: 'B',
      units: {
        a1: {
          unitId: 'a1',
          name: 'Zulu impi',
          side: 'A',
          unitType: 'infantry',
          movement: 6,
          firepower: 2,
        },
        b1: {
          unitId: 'b1',
          name: '24th Foot',
          side: 'B',
          unitType: 'infantry',
          movement: 6,
          firepower: 2,
        },
      },
      contacts: [['a1', 'b1']],
      closeCombats: [
        {
          unitIds: ['a1', 'b1'],
          resolved: false,
          inContact: true,
        },
      ],
      orders: {
        a1: {
          unitId: 'a1',
          side: 'A',
          turn: 2,
          sealedAs: 'commitment',
          card: '5C',
          commitment: 'f8dd9af7eaf92c8422a6594594a976e2f92e0c6b0117996d514d81bb6d95cb9a',
          escrow: 'o_zt_jqirQ6r51GW…',
          revealed: false,
          salt: null,
          specialAction: null,
          hidden: false,
        },
        b1: {
          unitId: 'b1',
          side: 'B',
          turn: 2,
          sealedAs: 'commitment',
          card: null,
          commitment: 'b0eeabaf3c0b6a6a096723b9288fa422bbd36d35104deebc5f65cf82c673730a',
          escrow: 'Dmtb9GBzAqwu870Y…',
          revealed: false,
          salt: null,
          specialAction: null,
          hidden: true,
        },
      },
      activation: {
        turn: 2,
        activating: {
          unitId: 'b1',
          side: 'B',
          intent: 'fight',
          flee: null,
          brokeOff: false,
          rangeInches: null,
          attack: null,
        },
        reacting: {
          unitId: 'a1',
          side: 'A',
          intent: 'fight',
          flee: null,
          brokeOff: false,
          rangeInches: null,
          attack: null,
        },
        pursuit: null,
        pursuits: [],
        awaiting: [
          {
            step: 'reveal',
            unitId: 'b1',
            side: 'B',
          },
          {
            step: 'reveal',
            unitId: 'a1',
            side: 'A',
          },
        ],
      },
      activated: ['b1'],
    },
    unitWords: {
      a1: {
        traits: ['infantry', 'movement 6"', 'firepower 2'],
        conditions: ['in contact with 24th Foot', 'in close combat'],
      },
      b1: {
        traits: ['infantry', 'movement 6"', 'firepower 2'],
        conditions: ['in contact with Zulu impi', 'in close combat'],
      },
    },
  },
} as const;
