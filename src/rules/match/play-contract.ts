import type { ChoiceOption, TemplateChoice, TemplateDraft } from '../common/play-contract.js';
import { SIDES, type Side } from '../common/sides.js';
import { possessive } from '../common/turn-log.js';
import type { Viewer } from '../ruleset.js';
import type { MatchMeta } from './match-level.js';

/**
 * The play contract's match-level part: what a side or a judge may do whatever the ruleset (ask for an
 * undo, answer one, raise a dispute, add a client seed; back up, rule, end), as command templates. Pure:
 * built from the match-level state alone, and it names no card (nothing here is hidden, AA-2).
 */
export interface MatchLevelContractInput {
  meta: MatchMeta;
  /** The revision the answer stands at: every option is an event up to it. */
  revision: number;
  diceMode: string | undefined;
  sides: Readonly<Record<Side, string>>;
  viewer: Viewer;
  /**
   * Q-32 under the rules that hold it: whether event r ends its command. Absent: any event that still
   * counts may be a target (match-level rules 1.0.0).
   */
  endsCommand?: (revision: number) => boolean | undefined;
  /**
   * Whether going back to right after event r would undo any of the game (a ruleset event after it
   * still counts): a target after which only the match's own records lie (disputes, requests, which an
   * undo leaves standing) would undo nothing, and is not offered. Undefined or absent: not known, offered.
   */
  undoesGame?: (revision: number) => boolean | undefined;
}

/** Q-16 bounds a players' undo to one turn; a very long turn still offers only its latest events. */
const MAX_UNDO_OPTIONS = 200;
/** A judge may back up anywhere; the template offers the latest events, and the walk back is bounded. */
const MAX_BACKUP_OPTIONS = 50;
const MAX_BACKUP_WALK = 2000;

/**
 * The form of a rule id a ruling may rest on: the common rules' and decisions' (C-4, Q-17) and any
 * served ruleset's own (HH-7, AA-2, or a ruleset added at start-up): a few capitals, a dash, a number.
 */
export const RULE_ID_PATTERN = '^[A-Z]{1,4}-\\d{1,3}$';
/** The longest rule id of that form. */
export const RULE_ID_MAX_LENGTH = 8;

export function matchLevelTemplates(input: MatchLevelContractInput): TemplateDraft[] {
  const { meta, viewer } = input;
  const drafts: TemplateDraft[] = [];
  if (!meta.ended) {
    for (const side of SIDES) drafts.push(...playerActions(input, side));
  }
  // A dispute can still be raised and ruled after the end (the decider allows both).
  for (const side of SIDES) drafts.push(disputeTemplate(input, side));
  if (viewer.role === 'judge') drafts.push(...judgeActions(input));
  if (!meta.ended && (viewer.role === 'judge' || viewer.role === 'organiser')) {
    drafts.push(endTemplate(input, viewer.role));
  }
  return drafts;
}

function playerActions(input: MatchLevelContractInput, side: Side): TemplateDraft[] {
  const { meta, sides } = input;
  const drafts: TemplateDraft[] = [];
  // C-2: a seed added after a roll could be chosen knowing the faces.
  if (input.diceMode === 'server' && meta.serverRolls === 0 && meta.clientSeeds[side] === undefined) {
    drafts.push({
      action: 'client-seed',
      label: `Add a client seed for ${sides[side]} to the server dice`,
      command: 'AddClientSeed',
      side,
      body: {},
      choices: [{ path: 'seed', label: 'Your seed (any words)', kind: 'text', maxLength: 200 }],
      ruleId: 'C-2',
    });
  }
  const open = meta.undoRequests.find((request) => request.status === 'open');
  if (open && open.side !== side) {
    drafts.push({
      action: 'undo-answer',
      label: `Answer the request of ${sides[open.side]} to undo back to event ${open.toRevision}`,
      command: 'AnswerUndo',
      side,
      body: {},
      choices: [{ path: 'agree', label: `Agree to undo back to event ${open.toRevision}?`, kind: 'yes-no' }],
      ruleId: 'C-5',
      routeSegment: `undo-requests/${encodeURIComponent(open.requestId)}/answer`,
    });
  }
  if (!open) {
    const options = undoTargets(input);
    if (options.length > 0) {
      drafts.push({
        action: 'undo-request',
        // C-5, Q-16: the match goes back to the event chosen, whoever's steps follow it, within this turn.
        label: `Ask to undo back to an earlier event of this turn (${sides[side === 'A' ? 'B' : 'A']} must agree)`,
        command: 'RequestUndo',
        side,
        body: {},
        choices: [
          {
            path: 'toRevision',
            label: 'Back to the state right after which event?',
            kind: 'one-of',
            options,
          },
          { path: 'reason', label: 'Why', kind: 'text', maxLength: 500 },
        ],
        ruleId: 'C-5',
      });
    }
  }
  return drafts;
}

function disputeTemplate({ revision, sides }: MatchLevelContractInput, side: Side): TemplateDraft {
  return {
    action: 'dispute',
    label: `Dispute an event for ${sides[side]}`,
    command: 'RaiseDispute',
    side,
    body: {},
    choices: [
      { path: 'revision', label: 'Which event is disputed?', kind: 'integer', min: 1, max: revision },
      { path: 'claim', label: 'The claim', kind: 'text', maxLength: 2000 },
    ],
    ruleId: 'C-5',
  };
}

function judgeActions(input: MatchLevelContractInput): TemplateDraft[] {
  const { meta } = input;
  const drafts: TemplateDraft[] = [];
  const targets = meta.ended ? [] : backupTargets(input);
  if (targets.length > 0) {
    drafts.push({
      action: 'backup',
      label: 'Back the match up to an earlier event',
      command: 'OrderBackup',
      role: 'judge',
      body: {},
      choices: [
        {
          path: 'toRevision',
          label: 'Back to the state right after which event?',
          kind: 'one-of',
          options: targets,
        },
        { path: 'reason', label: 'Why', kind: 'text', maxLength: 500 },
      ],
      ruleId: 'C-5',
    });
  }
  for (const dispute of meta.disputes) {
    if (dispute.ruling !== null) continue;
    const choices: TemplateChoice[] = [
      {
        path: 'ruling',
        label: 'The ruling',
        kind: 'one-of',
        options: [
          { value: 'upheld', label: 'Upheld' },
          { value: 'dismissed', label: 'Dismissed' },
        ],
      },
      {
        path: 'ruleId',
        label: 'The rule it rests on',
        kind: 'text',
        maxLength: RULE_ID_MAX_LENGTH,
        pattern: RULE_ID_PATTERN,
      },
      { path: 'note', label: 'The note', kind: 'text', maxLength: 2000 },
    ];
    // C-4: once ended, a ruling can no longer back the match up.
    if (targets.length > 0) {
      choices.push({
        path: 'backupTo',
        label: 'Back the match up to right after which event?',
        kind: 'one-of',
        options: targets,
        optional: true,
        when: { path: 'ruling', value: 'upheld' },
      });
    }
    drafts.push({
      action: 'ruling',
      // The claim tells two disputes of one event apart.
      label: `Rule on ${possessive(input.sides[dispute.side])} dispute of event ${dispute.revision}: “${clipped(dispute.claim)}”`,
      command: 'RuleDispute',
      role: 'judge',
      body: {},
      choices,
      ruleId: 'C-5',
      routeSegment: `disputes/${encodeURIComponent(dispute.disputeId)}/ruling`,
    });
  }
  return drafts;
}

/** A claim as a label quotes it: its first words, whole, to about 60 characters. */
function clipped(text: string, most = 60): string {
  const words = text.trim().replace(/\s+/g, ' ');
  if (words.length <= most) return words;
  const cut = words.slice(0, most + 1).replace(/\s+\S*$/, '');
  return `${cut.length > 0 ? cut : words.slice(0, most)}…`;
}

function endTemplate({ sides }: MatchLevelContractInput, role: 'judge' | 'organiser'): TemplateDraft {
  return {
    action: 'end',
    label: 'End the match with its result',
    command: 'EndMatch',
    role,
    body: {},
    choices: [
      {
        path: 'winner',
        label: 'The winner',
        kind: 'one-of',
        options: [
          { value: 'A', label: sides.A },
          { value: 'B', label: sides.B },
          { value: 'draw', label: 'A draw' },
        ],
      },
      { path: 'note', label: 'A note', kind: 'text', maxLength: 2000, optional: true },
    ],
    ruleId: 'C-4',
  };
}

/**
 * C-5, Q-16, Q-32: the events a players' agreed undo may go back to: of the current turn, before the
 * latest, still counting, and (under the rules that hold Q-32) each the last event of its command.
 */
function undoTargets(input: MatchLevelContractInput): ChoiceOption[] {
  const from = Math.max(1, input.meta.turnStartedAt);
  return targetsFrom(input, from, MAX_UNDO_OPTIONS, Number.POSITIVE_INFINITY);
}

/** C-5, Q-32: the latest events a judge's backup may go back to. */
function backupTargets(input: MatchLevelContractInput): ChoiceOption[] {
  return targetsFrom(input, 1, MAX_BACKUP_OPTIONS, MAX_BACKUP_WALK);
}

function targetsFrom(
  { revision, meta, endsCommand, undoesGame }: MatchLevelContractInput,
  from: number,
  most: number,
  walk: number,
): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  for (let r = revision - 1, steps = 0; r >= from && options.length < most && steps < walk; r--, steps++) {
    if (isReverted(meta.reverted, r)) continue;
    if (endsCommand && endsCommand(r) !== true) continue;
    if (undoesGame && undoesGame(r) === false) continue;
    options.push({ value: r, label: `after event ${r}` });
  }
  return options;
}

/** `reverted` is sorted (evolveMeta keeps it so). */
function isReverted(reverted: readonly number[], revision: number): boolean {
  let low = 0;
  let high = reverted.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = reverted[mid]!;
    if (at === revision) return true;
    if (at < revision) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
