import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A unit in a player's words, as its ruleset says it (src/rules/common/unit-words.ts UnitWords). */
export class UnitWordsDto {
  @ApiPropertyOptional({
    description: 'Its status in words, only when it is not the usual active one, with the rule that set it.',
    example: 'removed: routed (HH-14)',
  })
  status?: string;
  @ApiProperty({
    type: [String],
    description: 'What the unit is: its numbers and kinds.',
    example: ['base morale 7', 'move 6"'],
  })
  traits!: string[];
  @ApiProperty({
    type: [String],
    description: 'What holds for it now, each with the rule that set it.',
    example: ['disordered', 'cannot attack in turn 4 (HH-11)'],
  })
  conditions!: string[];
}
