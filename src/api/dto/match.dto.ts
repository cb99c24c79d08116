import { PageQueryDto } from './page-query.dto.js';
import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  getSchemaPath,
  IntersectionType,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsISO8601, IsObject, IsOptional, Matches, ValidateBy, ValidateNested } from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { SIDES } from '../../rules/common/sides.js';
import { CommandDto } from './command.dto.js';
import { IsDisplayName } from './display-name.js';
import { CommandTemplateDto, TemplateBaseDto } from './play-contract.dto.js';
import { EXAMPLE_RULESET, RULESET_IDS, rulesetIds, versionsOf } from '../../rulesets/registry.js';
import { parameterOverridesSchema, rulesetStateSchema } from '../openapi-events.js';
import { unitWordsById } from '../../rules/common/unit-words.js';
import { UnitWordsDto } from './unit-words.dto.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = 'must be 1–64 letters, digits, _ . or -';

/** IsIn over the registry as it stands when the body is checked (a ruleset registered at start-up too). */
function IsRegisteredRuleset(): PropertyDecorator {
  return ValidateBy({
    name: 'isIn',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && rulesetIds().includes(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'ruleset'} must be one of the following values: ${rulesetIds().join(', ')}`,
    },
  });
}

/** A version the service serves of the ruleset the same body names (checked after the ruleset itself). */
function IsServedVersion(): PropertyDecorator {
  return ValidateBy({
    name: 'isServedVersion',
    validator: {
      validate: (value: unknown, args) => {
        const id = (args?.object as { ruleset?: unknown } | undefined)?.ruleset;
        if (typeof id !== 'string' || !rulesetIds().includes(id)) return true;
        return typeof value === 'string' && versionsOf(id).some((r) => r.version === value);
      },
      defaultMessage: (args) => {
        const id = String((args?.object as { ruleset?: unknown } | undefined)?.ruleset);
        const served = versionsOf(id).map((r) => r.version);
        return `rulesetVersion must be a version of ${id} this service serves: ${served.join(', ')}`;
      },
    },
  });
}

export class SideNamesDto {
  @ApiProperty({ example: 'Zulus' })
  @IsDisplayName(80)
  A!: string;

  @ApiProperty({ example: 'British' })
  @IsDisplayName(80)
  B!: string;
}

export class CreateMatchDto extends CommandDto {
  @ApiPropertyOptional({
    description: 'Your id for the match; derived from the key and commandId when omitted.',
    example: 'isandlwana-1',
  })
  @IsOptional()
  @Matches(MATCH_ID_PATTERN, { message: `matchId ${ID_MESSAGE}` })
  matchId?: string;

  // The document lists every registered ruleset (addRulesetCommands), as the check reads them.
  @ApiProperty({ enum: [...RULESET_IDS], example: EXAMPLE_RULESET.id })
  @IsRegisteredRuleset()
  ruleset!: string;

  @ApiPropertyOptional({
    description:
      'The version of the ruleset the match is played under, one the service serves (GET /rulesets lists them); its current version when omitted. The match keeps it for life.',
    example: EXAMPLE_RULESET.version,
  })
  @IsOptional()
  @IsServedVersion()
  rulesetVersion?: string;

  @ApiProperty({ type: SideNamesDto, description: 'Display names of sides A and B.' })
  @IsObject()
  @ValidateNested()
  @Type(() => SideNamesDto)
  sides!: SideNamesDto;

  @ApiProperty({
    enum: ['server', 'table'],
    description: 'server: provably fair HMAC dice (C-2); table: players enter faces.',
  })
  @IsIn(['server', 'table'])
  diceMode!: 'server' | 'table';

  @ApiPropertyOptional({ ...parameterOverridesSchema(), example: { options: { doublesAutoPass: false } } })
  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;
}

export class EndTurnDto extends CommandDto {}

export class ActorDto {
  @ApiProperty({ enum: ['organiser', 'judge', 'player', 'spectator', 'system'] }) role!: string;
  @ApiPropertyOptional({ enum: SIDES }) side?: string;
}

export class EventViewDto {
  @ApiProperty({ example: 3 }) revision!: number;
  @ApiProperty({ example: 'WillpowerTested' }) type!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The event’s data as this caller may see it (a sealed card is hidden, AA-2).',
    example: { chargeId: 'c1', unitId: 'impi', total: 5, morale: 8, passed: true },
  })
  data!: Record<string, unknown>;
  @ApiProperty({ example: '2026-04-11T10:01:00.000Z' }) at!: string;
  @ApiProperty({ type: ActorDto }) actor!: ActorDto;
  @ApiProperty({ description: 'Undone by a later ActionsReverted (C-5).' }) reverted!: boolean;
}

export class RulesetRefDto {
  @ApiProperty({ example: EXAMPLE_RULESET.id }) id!: string;
  @ApiProperty({ example: EXAMPLE_RULESET.version }) version!: string;
  @ApiProperty({
    description: 'SHA-256 of the canonical JSON of the match’s parameters.',
    example: '9f2c4e0b6a1d…',
  })
  hash!: string;
}

/**
 * One thing the match waits for: a complete command template, with the fields awaited steps always had
 * (step, command, route, side, unitId, ruleId, combat).
 */
export class AwaitedStepDto extends TemplateBaseDto {
  @ApiProperty({
    description: 'The route segment that answers it: POST /matches/{id}/{step}.',
    example: 'impact-rolls',
  })
  step!: string;
  @ApiProperty({ enum: SIDES, description: 'The side that must send it.' }) side!: 'A' | 'B';
}

export class PendingUndoRequestDto {
  @ApiProperty({ example: 'undo-1' }) requestId!: string;
  @ApiProperty({ description: 'Back to the state right after this event (C-5, Q-16).', example: 6 })
  toRevision!: number;
  @ApiProperty({ example: 'wrong unit charged' }) reason!: string;
  @ApiProperty({ enum: SIDES, description: 'The side that asked; the other side answers.' })
  side!: 'A' | 'B';
}

export class PendingDisputeDto {
  @ApiProperty({ example: 'dispute-1' }) disputeId!: string;
  @ApiProperty({ description: 'The event disputed.', example: 7 }) revision!: number;
  @ApiProperty({ example: 'the impact missed the downhill −1' }) claim!: string;
  @ApiProperty({ enum: SIDES }) side!: 'A' | 'B';
}

export class PendingDto {
  @ApiProperty({ type: [PendingUndoRequestDto], description: 'Undo requests waiting for the opponent.' })
  undoRequests!: PendingUndoRequestDto[];
  @ApiProperty({ type: [PendingDisputeDto], description: 'Disputes waiting for a judge’s ruling.' })
  disputes!: PendingDisputeDto[];
}

/** C-7: time was called on the match's round (match-level rules 2.2.0). */
export class TimeCalledDto {
  @ApiProperty({ type: 'integer', example: 2 }) round!: number;
  @ApiProperty({
    enum: ['finish-turn', 'stop-now'],
    description: 'The organiser’s published policy: finish the turn in progress, or stop now.',
  })
  policy!: 'finish-turn' | 'stop-now';
  @ApiProperty({ type: 'integer', description: 'The TimeCalled event.', example: 41 }) revision!: number;
  @ApiProperty({
    description:
      'True once no game command is accepted (at once under stop-now; under finish-turn once the turn ends): nothing of the ruleset is then awaited or available, and the match waits for its end.',
  })
  playOver!: boolean;
}

export class MatchResultSummaryDto {
  @ApiProperty({ enum: [...SIDES], nullable: true, description: 'null: a draw.' }) winner!: 'A' | 'B' | null;
  @ApiProperty({ type: String, nullable: true, example: 'Zulus' }) winnerName!: string | null;
  @ApiProperty({ example: 'the square broke' }) note!: string;
}

/**
 * The play contract (README "Play contract"): the same top level for every ruleset, on
 * `GET /matches/:id` and on every command answer.
 */
@ApiExtraModels(UnitWordsDto)
export class PlayContractDto {
  @ApiProperty({ example: 'isandlwana' }) matchId!: string;
  @ApiProperty({
    type: 'integer',
    description:
      'The revision everything in this answer stands at (a spectator may be held behind live play; a command answer: its last event).',
    example: 5,
  })
  revision!: number;
  @ApiProperty({ type: RulesetRefDto }) ruleset!: RulesetRefDto;
  @ApiProperty({ type: 'integer', description: 'The player turn (C-4); 0 before the first.', example: 1 })
  turn!: number;
  @ApiProperty({ enum: SIDES, description: 'The side whose turn it is.' }) activeSide!: 'A' | 'B';
  @ApiProperty({
    description:
      'Where the turn stands, in the ruleset’s own words: hand-to-hand setup | play | melee (1.0.0), setup | play | melee-declaring | melee-resolving (from 2.0.0); atomic-africa setup | play | close-combat.',
    example: 'melee-declaring',
  })
  phase!: string;
  @ApiProperty({ description: 'True once MatchEnded stands.', example: false }) ended!: boolean;
  @ApiPropertyOptional({ type: MatchResultSummaryDto, description: 'Only once ended.' })
  result?: MatchResultSummaryDto;
  @ApiProperty({
    type: [AwaitedStepDto],
    description:
      'What the match waits for, and from whom: post the command to `route`. Empty when the side to play may do anything, and always after the end.',
  })
  awaiting!: AwaitedStepDto[];
  @ApiProperty({
    type: [CommandTemplateDto],
    description:
      'What each side may do now beside what is awaited (the ruleset’s actions: a charge, an order, the end of the turn; and an undo request or answer, a dispute, a client seed), and for a judge’s or organiser’s key what that key may do (a backup, a ruling, the end). Same shape as an awaited step. Empty for nobody: until the match ends something is awaited or available.',
  })
  available!: CommandTemplateDto[];
  @ApiProperty({ type: PendingDto, description: 'Open undo requests and disputes.' }) pending!: PendingDto;
  @ApiPropertyOptional({
    type: TimeCalledDto,
    description: 'Only once time was called on the match’s round (C-7).',
  })
  timeCalled?: TimeCalledDto;
  @ApiProperty(rulesetStateSchema())
  state!: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(UnitWordsDto) },
    description:
      'Each unit of `state` in a player’s words, by its id, as its ruleset says it from its public facts (the roster’s): show these as given rather than naming the state’s fields.',
  })
  unitWords!: Record<string, UnitWordsDto>;
}

/** A unit of the example ruleset's state, as it stands before anything has happened to it. */
function exampleUnit(unitId: string, name: string, side: 'A' | 'B', baseMorale: number, enemyId: string) {
  return {
    unitId,
    name,
    side,
    baseMorale,
    move: 6,
    status: 'active',
    removedBecause: null,
    disordered: false,
    broken: false,
    cannotAttack: null,
    cannotAdvance: null,
    cannotFire: null,
    cannotMove: null,
    impactBonusAgainst: null,
    victoriousInTurn: null,
    stuckReformCount: 0,
    contacts: [{ unitId: enemyId, aspect: 'front', sinceTurn: 1 }],
  };
}

/** The example ruleset's state (hand-to-hand): the impi's charge made contact with the NNC, its impact awaited. */
export const STATE_EXAMPLE = {
  created: true,
  matchId: 'isandlwana',
  ruleset: { id: EXAMPLE_RULESET.id, version: EXAMPLE_RULESET.version, hash: '5a7f0c3e…' },
  parameters: EXAMPLE_RULESET.defaultParameters,
  sides: { A: 'Zulus', B: 'British' },
  diceMode: 'table',
  diceCommitment: null,
  turn: 1,
  activeSide: 'A',
  units: {
    impi: exampleUnit('impi', 'uNokhenke impi', 'A', 8, 'nnc'),
    nnc: exampleUnit('nnc', 'NNC', 'B', 7, 'impi'),
  },
  charges: [
    {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      kind: 'charge',
      status: 'contact',
      lastImpact: null,
    },
  ],
  awaiting: [{ step: 'impact-roll', unitId: 'impi', chargeId: 'c1', side: 'A', ruleId: 'HH-7' }],
};

/** A roster row's detail in the example ruleset: the unit but its id, name, side and status. */
export const ROSTER_DETAIL_EXAMPLE = (({ unitId: _u, name: _n, side: _s, status: _st, ...detail }) => detail)(
  STATE_EXAMPLE.units.nnc,
);

/** The example state's units in words, as the example ruleset says them. */
export const UNIT_WORDS_EXAMPLE = unitWordsById(
  EXAMPLE_RULESET.roster(STATE_EXAMPLE),
  EXAMPLE_RULESET.unitWords,
);

/** A `GET /matches/:id` answer (hand-to-hand: a charge made contact, its impact is awaited, A asked for an undo). */
export const PLAY_CONTRACT_EXAMPLE = {
  matchId: 'isandlwana',
  revision: 7,
  ruleset: { id: EXAMPLE_RULESET.id, version: EXAMPLE_RULESET.version, hash: '5a7f0c3e…' },
  turn: 1,
  activeSide: 'A',
  phase: 'melee-declaring',
  ended: false,
  awaiting: [
    {
      action: 'impact-roll',
      label: 'Roll the impact of the Impi on the NNC',
      step: 'impact-rolls',
      command: 'RollImpact',
      method: 'POST',
      route: '/matches/isandlwana/impact-rolls',
      side: 'A',
      body: { chargeId: 'c1' },
      choices: [],
      dice: { source: 'table', count: 1, sides: 6, purpose: 'impact roll', ruleId: 'HH-7', path: 'dice' },
      unitId: 'impi',
      ruleId: 'HH-7',
      combat: { kind: 'charge', chargeId: 'c1' },
    },
  ],
  available: [
    {
      action: 'undo-answer',
      label: 'Answer the request of Zulus to undo back to event 3',
      command: 'AnswerUndo',
      side: 'B',
      method: 'POST',
      route: '/matches/isandlwana/undo-requests/undo-1/answer',
      body: {},
      choices: [{ path: 'agree', label: 'Agree to undo back to event 3?', kind: 'yes-no' }],
      ruleId: 'C-5',
    },
    {
      action: 'dispute',
      label: 'Dispute an event for British',
      command: 'RaiseDispute',
      side: 'B',
      method: 'POST',
      route: '/matches/isandlwana/disputes',
      body: {},
      choices: [
        { path: 'revision', label: 'Which event is disputed?', kind: 'integer', min: 1, max: 7 },
        { path: 'claim', label: 'The claim', kind: 'text', maxLength: 2000 },
      ],
      ruleId: 'C-5',
    },
  ],
  pending: {
    undoRequests: [{ requestId: 'undo-1', toRevision: 3, reason: 'wrong unit charged', side: 'A' }],
    disputes: [],
  },
  state: STATE_EXAMPLE,
  unitWords: UNIT_WORDS_EXAMPLE,
};

/** A command answer (the same match: the charge that made contact). */
export const COMMAND_ANSWER_EXAMPLE = {
  ...PLAY_CONTRACT_EXAMPLE,
  revision: 6,
  // Nothing pending: what each side may do beside the impact is raise a dispute.
  available: PLAY_CONTRACT_EXAMPLE.available.filter((template) => template.action === 'dispute'),
  pending: { undoRequests: [], disputes: [] },
  duplicate: false,
  events: [
    {
      revision: 6,
      type: 'ContactMade',
      data: { chargeId: 'c1', attackerId: 'impi', defenderId: 'nnc', aspect: 'front', turn: 1 },
      at: '2026-04-11T10:01:00.000Z',
      actor: { role: 'player', side: 'A' },
      reverted: false,
    },
  ],
};

/** The answer to creating a match (in the example ruleset): its MatchCreated, nothing registered yet. */
export function createdAnswerExample(matchId: string) {
  const ruleset = { id: EXAMPLE_RULESET.id, version: EXAMPLE_RULESET.version, hash: '5a7f0c3e…' };
  const sides = { A: 'Zulus', B: 'British' };
  return {
    ...PLAY_CONTRACT_EXAMPLE,
    matchId,
    revision: 1,
    phase: 'play',
    awaiting: [],
    available: PLAY_CONTRACT_EXAMPLE.available
      .filter((template) => template.action === 'dispute')
      .map((template) => ({ ...template, route: `/matches/${matchId}/disputes` })),
    pending: { undoRequests: [], disputes: [] },
    state: { ...STATE_EXAMPLE, matchId, units: {}, charges: [], awaiting: [] },
    unitWords: {},
    duplicate: false,
    events: [
      {
        revision: 1,
        type: 'MatchCreated',
        data: {
          matchId,
          sides,
          diceMode: 'table',
          diceCommitment: null,
          parameters: EXAMPLE_RULESET.defaultParameters,
          ruleset,
          turn: 1,
          activeSide: 'A',
        },
        at: '2026-04-11T10:00:00.000Z',
        actor: { role: 'organiser' },
        reverted: false,
      },
    ],
  };
}

/** What every command answers: the play contract right after its events, and those events. */
/** What every command answers about itself: whether it was new, and the events it appended. */
class CommandOutcomeDto {
  @ApiProperty({ description: 'True when the commandId had been handled before; nothing was appended.' })
  duplicate!: boolean;
  @ApiProperty({
    type: [EventViewDto],
    description: 'The events this command appended (or first appended), as this caller may see them.',
  })
  events!: EventViewDto[];
}

/** A command's full answer: its outcome and the play contract after it. */
export class CommandResultDto extends IntersectionType(PlayContractDto, CommandOutcomeDto) {}

/**
 * What a command answers to `Prefer: return=minimal`: its own events and where they stand, without the
 * play contract, for a client that follows the match on its feed.
 */
export class MinimalCommandResultDto extends CommandOutcomeDto {
  @ApiProperty({ example: 'm-1' }) matchId!: string;
  @ApiProperty({ description: 'The revision of the command’s last event.', example: 4 }) revision!: number;
}

/** Where a tournament plays the match. */
export class MatchPlaceDto {
  @ApiProperty({ example: 'spring-cup' }) tournamentId!: string;
  @ApiProperty({ description: 'The tournament’s name.', example: 'Spring Cup' }) name!: string;
  @ApiProperty({ example: 2 }) round!: number;
  @ApiProperty({ example: 3 }) table!: number;
  @ApiProperty({
    type: SideNamesDto,
    nullable: true,
    description: 'Who plays each side, when the schedule named them.',
    example: { A: 'Hana Ito', B: 'Ben Cole' },
  })
  players!: SideNamesDto | null;
}

/** `GET /matches/:id`: the play contract now, and where a tournament plays the match. */
export class MatchStateDto extends PlayContractDto {
  @ApiPropertyOptional({
    type: MatchPlaceDto,
    description:
      'Present when a tournament schedules the match: its name, round and table, for every key that may read the match (a seat’s key may not read the tournament itself).',
  })
  tournament?: MatchPlaceDto;
}

/** `GET /matches`: a page of the matches this key may see, filtered. */
export class MatchListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only the matches of this tournament.', example: 'spring-cup' })
  @IsOptional()
  @Matches(ID, { message: `tournament ${ID_MESSAGE}` })
  tournament?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description:
      '`true`: only the matches no tournament schedules (single matches, as the desk sets them up). Not together with `tournament`.',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'standalone must be true or false' })
  standalone?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['open', 'ended'] })
  @IsOptional()
  @IsIn(['open', 'ended'])
  status?: 'open' | 'ended';

  @ApiPropertyOptional({
    description: 'Only matches whose last event was recorded at or after this time (ISO 8601).',
    example: '2026-04-11T10:00:00.000Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  updatedSince?: string;
}

export class MatchListRulesetDto {
  @ApiProperty({ example: EXAMPLE_RULESET.id }) id!: string;
  @ApiProperty({ example: EXAMPLE_RULESET.version }) version!: string;
}

export class MatchSummaryDto {
  @ApiProperty({ example: 'isandlwana' }) matchId!: string;
  @ApiProperty({ type: MatchListRulesetDto }) ruleset!: MatchListRulesetDto;
  @ApiProperty({ type: String, nullable: true, example: 'spring-cup' }) tournamentId!: string | null;
  @ApiProperty({ type: SideNamesDto }) sides!: SideNamesDto;
  @ApiProperty({ enum: ['open', 'ended'] }) status!: 'open' | 'ended';
  @ApiProperty({ type: MatchResultSummaryDto, nullable: true }) result!: MatchResultSummaryDto | null;
  @ApiProperty({
    description: 'The last revision (for a spectator held behind live play, the last it may read).',
    example: 12,
  })
  revision!: number;
  @ApiProperty({ example: '2026-04-11T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({
    description:
      'When its last event was recorded (for a spectator held behind live play, the last it may read; `updatedSince` holds against the same time).',
    example: '2026-04-11T10:42:00.000Z',
  })
  updatedAt!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'C-5: the disputes raised and not ruled on yet, which wait for a judge (null for a spectator held behind live play, as a count of now would tell it that play went on).',
    example: 0,
  })
  openDisputes!: number | null;
}

export class MatchListDto {
  @ApiProperty({ type: [MatchSummaryDto] }) items!: MatchSummaryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}
