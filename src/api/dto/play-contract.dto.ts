import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { SIDES } from '../../rules/common/sides.js';

/*
 * The play contract's command templates on the wire (src/rules/common/play-contract.ts): a client copies
 * `body`, sets each choice's `path` to an allowed value, adds table dice at `dice.path` and a fresh
 * commandId, and posts the result to `route`.
 */

export class ChoiceOptionDto {
  @ApiProperty({
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
    description:
      'The value to set at the choice’s path: a word, a number, a yes/no, or a small object of named words (an orders card as { rank, suit }).',
    example: 'left-flank',
  })
  value!: string | number | boolean | Record<string, string>;
  @ApiProperty({ description: 'The words a page shows for it.', example: 'its left flank' }) label!: string;
}

export class ChoiceConditionDto {
  @ApiProperty({ example: 'ruling' }) path!: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], example: 'upheld' })
  value!: string | number | boolean;
}

class ChoiceBaseDto {
  @ApiProperty({
    description:
      'Where the chosen value goes in the body: a field name, dotted for a nested one (`card.rank`).',
    example: 'aspect',
  })
  path!: string;
  @ApiProperty({
    description: 'The question as a page shows it.',
    example: 'Where does it contact the defender?',
  })
  label!: string;
  @ApiPropertyOptional({
    description: 'The player may leave it out: the field is then absent from the body.',
  })
  optional?: boolean;
  @ApiPropertyOptional({
    type: ChoiceConditionDto,
    description: 'Asked only when another choice has been given this value.',
  })
  when?: ChoiceConditionDto;
}

export class OneOfChoiceDto extends ChoiceBaseDto {
  @ApiProperty({ enum: ['one-of'] }) kind!: 'one-of';
  @ApiProperty({
    type: [ChoiceOptionDto],
    description:
      'The allowed values. Shown to anyone but the owning side, a card choice has none (AA-2): only that side may pick it.',
  })
  options!: ChoiceOptionDto[];
}

export class YesNoChoiceDto extends ChoiceBaseDto {
  @ApiProperty({ enum: ['yes-no'], description: 'true or false: a fact of the table, or an answer.' })
  kind!: 'yes-no';
}

export class IntegerChoiceDto extends ChoiceBaseDto {
  @ApiProperty({ enum: ['integer'] }) kind!: 'integer';
  @ApiProperty({ type: 'integer', example: 0 }) min!: number;
  @ApiProperty({ type: 'integer', example: 6 }) max!: number;
}

export class TextChoiceDto extends ChoiceBaseDto {
  @ApiProperty({ enum: ['text'], description: 'Words of one character or more.' }) kind!: 'text';
  @ApiProperty({ type: 'integer', example: 500 }) maxLength!: number;
  @ApiPropertyOptional({
    description: 'A regular expression the words must match whole (a rule id like HH-7).',
    example: '^(C|HH|AA|Q|E)-\\d{1,3}$',
  })
  pattern?: string;
}

const SCALAR = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] as const;
/** A value a template's body holds: a word, a number, a yes/no, a list of dice faces, or a small object (a card). */
const BODY_VALUE = {
  oneOf: [
    ...SCALAR,
    { type: 'array', items: { type: 'integer' } },
    { type: 'object', additionalProperties: { oneOf: [...SCALAR] } },
  ],
};

const CHOICES = {
  'one-of': OneOfChoiceDto,
  'yes-no': YesNoChoiceDto,
  integer: IntegerChoiceDto,
  text: TextChoiceDto,
};

export class DiceNeededDto {
  @ApiProperty({
    enum: ['table', 'server'],
    description:
      'table: enter exactly `count` faces at `path`; server: the service rolls, the body carries none.',
  })
  source!: 'table' | 'server';
  @ApiProperty({ type: 'integer', example: 2 }) count!: number;
  @ApiProperty({ enum: [6] }) sides!: 6;
  @ApiProperty({ description: 'What they are rolled for.', example: 'morale test' }) purpose!: string;
  @ApiProperty({ description: 'The rule that rolls them.', example: 'HH-2' }) ruleId!: string;
  @ApiPropertyOptional({ description: 'Table dice only: the body field the faces go in.', example: 'dice' })
  path?: string;
  @ApiPropertyOptional({
    enum: ['each'],
    description:
      'How the faces are read: `each` on its own (an attack’s dice, each a hit or a miss); left out, they are added up (a 2D6 test), so a page may show their total.',
  })
  read?: 'each';
}

/** The charge an awaited step belongs to (hand-to-hand). */
export class AwaitedChargeDto {
  @ApiProperty({ enum: ['charge'] }) kind!: 'charge';
  @ApiProperty({
    description: 'The charge’s id, as declared in Charge; RollImpact sends it back.',
    example: 'c1',
  })
  chargeId!: string;
}

/** The close combat an awaited step belongs to (atomic-africa). */
export class AwaitedCloseCombatDto {
  @ApiProperty({ enum: ['close-combat'] }) kind!: 'close-combat';
  @ApiProperty({
    type: [String],
    minItems: 2,
    maxItems: 2,
    description:
      'A close combat has no id of its own: it is its pair of units, side A’s first, as the state’s closeCombats and CloseCombatEnded name it (AA-3).',
    example: ['legion-1', 'askari-1'],
  })
  unitIds!: [string, string];
}

/*
 * One field for both kinds, each named as its own ruleset's commands and events name it: hand-to-hand's
 * charges have ids, atomic-africa's close combats are pairs of units (see AwaitedCombat in
 * src/rules/common/roster.ts).
 */
const AWAITED_COMBATS = { charge: AwaitedChargeDto, 'close-combat': AwaitedCloseCombatDto };

/** What every template has; CommandTemplateDto and AwaitedStepDto add who sends it. */
@ApiExtraModels(...Object.values(CHOICES), ...Object.values(AWAITED_COMBATS))
export class TemplateBaseDto {
  @ApiProperty({ description: 'A short stable name of the action.', example: 'morale-test' }) action!: string;
  @ApiProperty({ description: 'What the side does, in words.', example: 'Take the morale test of the NNC' })
  label!: string;
  @ApiProperty({ description: 'The command type it sends.', example: 'TakeMoraleTest' }) command!: string;
  @ApiProperty({ enum: ['POST'] }) method!: 'POST';
  @ApiProperty({ description: 'Post the finished body here.', example: '/matches/isandlwana/morale-tests' })
  route!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: BODY_VALUE,
    description:
      'The body with every field the service already knows filled in; add the choices, the table dice and a fresh commandId.',
    example: { unitId: 'nnc', cause: 'melee' },
  })
  body!: Record<string, unknown>;
  @ApiPropertyOptional({
    type: [String],
    description:
      "The body's fields holding a new id the service picked (a unit's, a charge's): any other id not yet used does as well, so a client that makes a second such command before the first is answered (queued offline) gives it another.",
    example: ['unitId'],
  })
  freshIds?: string[];
  @ApiProperty({
    type: 'array',
    items: {
      oneOf: Object.values(CHOICES).map((dto) => ({ $ref: getSchemaPath(dto) })),
      discriminator: {
        propertyName: 'kind',
        mapping: Object.fromEntries(Object.entries(CHOICES).map(([kind, dto]) => [kind, getSchemaPath(dto)])),
      },
    },
    description: 'The fields the player still chooses, each with its allowed values.',
  })
  choices!: (OneOfChoiceDto | YesNoChoiceDto | IntegerChoiceDto | TextChoiceDto)[];
  @ApiPropertyOptional({ type: DiceNeededDto, description: 'The dice it rolls (C-1), if any.' })
  dice?: DiceNeededDto;
  @ApiProperty({ description: 'The rule that asks for it or allows it.', example: 'HH-8' }) ruleId!: string;
  @ApiPropertyOptional({ description: 'The unit it is about.', example: 'nnc' }) unitId?: string;
  @ApiPropertyOptional({
    oneOf: Object.values(AWAITED_COMBATS).map((dto) => ({ $ref: getSchemaPath(dto) })),
    discriminator: {
      propertyName: 'kind',
      mapping: Object.fromEntries(
        Object.entries(AWAITED_COMBATS).map(([kind, dto]) => [kind, getSchemaPath(dto)]),
      ),
    },
    description:
      'The charge or close combat it belongs to, so that its command can be built from it alone (RollImpact’s chargeId). Absent when it belongs to none (a rally test, giving ground after shooting, sealing a card).',
    example: { kind: 'charge', chargeId: 'c1' },
  })
  combat?: AwaitedChargeDto | AwaitedCloseCombatDto;
}

/** A command template: what a side, or a judge's or organiser's key, may send now. */
export class CommandTemplateDto extends TemplateBaseDto {
  @ApiPropertyOptional({
    enum: SIDES,
    description: 'The side that sends it; absent for a judge’s or organiser’s action (see role).',
  })
  side?: 'A' | 'B';
  @ApiPropertyOptional({
    enum: ['judge', 'organiser'],
    description:
      'Who sends it when no side does: a judge key (backup, ruling), a judge or organiser key (the end).',
  })
  role?: 'judge' | 'organiser';
}
