import { ApiProperty } from '@nestjs/swagger';

export class RuleTextDto {
  @ApiProperty({ example: 'HH-7' }) ruleId!: string;
  @ApiProperty({ example: 'Impact roll' }) title!: string;
  @ApiProperty({ example: 'The attacker rolls 1D6 and adds: charge +1, flank +1, rear +2 …' }) text!: string;
}
