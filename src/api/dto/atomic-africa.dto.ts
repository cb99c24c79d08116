import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { CommandDto } from './command.dto.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const ID_MESSAGE = 'must be 1–64 letters, digits, _ . : or -';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
const CARD_CODE = /^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JOKER-(?:RED|BLACK))$/;

/**
 * An orders card (AA-1). Version 2 matches write it as its code ('7S', '10H', 'KC', 'JOKER-RED'); the
 * object form of version 1 ({ rank, suit } or { joker }) is still read, and version 2 records it as the
 * code. The rules check the card again; this only refuses what is no card at all, naming the field.
 */
function isOrdersCard(value: unknown): boolean {
  if (typeof value === 'string') return CARD_CODE.test(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const card = value as Record<string, unknown>;
  const keys = Object.keys(card).sort().join(',');
  if (keys === 'joker') return card.joker === 'red' || card.joker === 'black';
  return keys === 'rank,suit' && RANKS.includes(card.rank as string) && SUITS.includes(card.suit as string);
}

function IsOrdersCard(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isOrdersCard',
      validator: {
        validate: isOrdersCard,
        defaultMessage: () =>
          'card must be a card code: rank A, 2–10, J, Q or K then suit C, D, H or S (7S, 10H, KC), or JOKER-RED / JOKER-BLACK',
      },
    },
    options,
  );
}

/** The card property's OpenAPI schema: the code, or (read only) the version 1 object. */
const CARD_SCHEMA = {
  oneOf: [
    { type: 'string', pattern: CARD_CODE.source, example: '7S' },
    {
      type: 'object',
      description: 'Version 1 form, still read: { rank, suit } or { joker }.',
      properties: {
        rank: { type: 'string', enum: RANKS },
        suit: { type: 'string', enum: SUITS },
        joker: { type: 'string', enum: ['red', 'black'] },
      },
    },
  ],
};

/**
 * Faces entered at the table (C-1). No fixed cap: the rules ask for as many dice as the unit's firepower
 * and Mass Fire call for, and refuse any other count (the body limits still apply to every request).
 */
class TableDiceDto extends CommandDto {
  @ApiPropertyOptional({
    type: [Number],
    description:
      'Table-dice matches only: the faces rolled, as many as the attack needs (firepower, doubled by Mass Fire). Omit with server dice.',
    example: [3, 4],
  })
  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(6, { each: true })
  dice?: number[];
}

/** Version 2: a pursuit or a ranged attack reveals the unit's card when it is still sealed. */
const REVEAL_ON_THE_WAY =
  'Version 2, when the card is still sealed and you sealed a commitment: the card and salt (a card the service sealed is revealed for you). A face card announces its specialAction.';

/** The three fields of a reveal made on the way (a pursuit, a ranged attack), validated the same in both. */
const RevealedOnTheWay = {
  card: () =>
    applyDecorators(
      ApiPropertyOptional({ ...CARD_SCHEMA, description: REVEAL_ON_THE_WAY }),
      IsOptional(),
      IsOrdersCard(),
    ),
  salt: () =>
    applyDecorators(
      ApiPropertyOptional({ description: 'The salt of your commitment, with card (version 2).' }),
      IsOptional(),
      IsString(),
      Length(1, 256),
    ),
  specialAction: () =>
    applyDecorators(
      ApiPropertyOptional({
        description:
          'Face cards (J, Q, K) only, with the reveal: the special action announced. A pursuit is part of the close combat (Q-31): only dig-in, mass-fire, rally, or sprint (light infantry only) (AA-7). A ranged attack is outside it: any kebab-case name.',
        example: 'mass-fire',
      }),
      IsOptional(),
      Matches(/^[a-z]+(-[a-z]+)*$/, { message: 'specialAction must be a kebab-case name such as dig-in' }),
    ),
};

export class ContactDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `enemyId ${ID_MESSAGE}` })
  enemyId!: string;
}

export class SealOrderDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'The current turn.', example: 2 })
  @IsInt()
  @Min(1)
  turn!: number;

  @ApiPropertyOptional({
    ...CARD_SCHEMA,
    description:
      'The card itself: the service seals it as a commitment with a secret salt, keeps the card encrypted for your side, and reveals it for you (AA-2).',
  })
  @IsOptional()
  @IsOrdersCard()
  card?: string | Record<string, string>;

  @ApiPropertyOptional({
    description:
      'Instead of the card: hex SHA-256 of "CODE|unitId|turn|salt" (CODE e.g. 7S, 10H, QC, JOKER-RED); the service never sees the card before the reveal. The example commits 7S for askari-1 in turn 2 with the salt my-own-salt.',
    example: '5e1bfdee06fbe8e577a67a7fcca4584a68e8f8852898efebf846c8254d9c3a7f',
  })
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'commitment must be 64 hex digits' })
  commitment?: string;
}

export class IntentDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ enum: ['fight', 'flee'] })
  @IsIn(['fight', 'flee'])
  intent!: string;

  @ApiPropertyOptional({ description: 'The enemy to fight, when the unit is in close combat with several.' })
  @IsOptional()
  @Matches(ID, { message: `opponentId ${ID_MESSAGE}` })
  opponentId?: string;
}

export class RevealDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiPropertyOptional({
    ...CARD_SCHEMA,
    description: 'Required when you sealed a commitment; optional when the service sealed your card.',
  })
  @IsOptional()
  @IsOrdersCard()
  card?: string | Record<string, string>;

  @ApiPropertyOptional({ description: 'The salt of your commitment.' })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  salt?: string;

  @ApiPropertyOptional({
    description:
      'Face cards (J, Q, K) only: the special action announced (AA-1). In close combat only dig-in, mass-fire, rally, or sprint (light infantry only) (AA-7); outside close combat any kebab-case name.',
    example: 'dig-in',
  })
  @IsOptional()
  @Matches(/^[a-z]+(-[a-z]+)*$/, { message: 'specialAction must be a kebab-case name such as dig-in' })
  specialAction?: string;
}

export class PursuitDto extends CommandDto {
  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({
    description:
      'Whether the unit pursues the fleeing enemy (AA-9). Version 2 (Q-23): pursuing reveals your card if still sealed; declining reveals nothing.',
  })
  @IsBoolean()
  pursue!: boolean;

  @RevealedOnTheWay.card()
  card?: string | Record<string, string>;

  @RevealedOnTheWay.salt()
  salt?: string;

  @RevealedOnTheWay.specialAction()
  specialAction?: string;
}

export class BreakOffDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'Where the Destination figure stands (AA-8).', example: 'behind the kopje' })
  @IsString()
  @Length(1, 200)
  destination!: string;

  @ApiProperty({ description: 'Where the In-transit figure stands (AA-8).', example: 'halfway to the kopje' })
  @IsString()
  @Length(1, 200)
  inTransit!: string;

  @ApiPropertyOptional({
    description:
      'Range in inches between the In-transit figures (AA-10): required when the opponent attacks, refused when it broke off too (Q-15). Beyond the last range band its attack is forgone (AA-11).',
    example: 7,
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  rangeInches?: number;
}

export class CloseCombatAttackDto extends TableDiceDto {
  @ApiProperty({ description: 'The attacking unit (yours).', example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;
}

export class RangedAttackDto extends TableDiceDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `attackerId ${ID_MESSAGE}` })
  attackerId!: string;

  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `targetId ${ID_MESSAGE}` })
  targetId!: string;

  @ApiProperty({
    description:
      'Range in inches (AA-11 range bands: threshold 1 up to 6, 2 up to 12, 3 up to 24 by default; no attack beyond the last band).',
    example: 10,
  })
  @IsNumber()
  @Min(0)
  rangeInches!: number;

  @RevealedOnTheWay.card()
  card?: string | Record<string, string>;

  @RevealedOnTheWay.salt()
  salt?: string;

  @RevealedOnTheWay.specialAction()
  specialAction?: string;
}
