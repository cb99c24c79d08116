import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export const COMMAND_ID_DESCRIPTION =
  'Chosen by the client, unique per command within one key and one match: the same id from another key, or on another match, is another command. A repeated id from the same key on the same match appends nothing and returns the first result; sent again with a different command it is refused (C-6).';
export const COMMAND_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
export const COMMAND_ID_MESSAGE = 'commandId must be 1–100 letters, digits, or _ . : -';

/** Every command carries a client-chosen commandId: sending the same id again returns the first result. */
export class CommandDto {
  @ApiProperty({ description: COMMAND_ID_DESCRIPTION, example: 'c0a8e7d2-1f4b-4c1e-9d55-2b7c1a0e9f31' })
  @IsString()
  @Matches(COMMAND_ID_PATTERN, { message: COMMAND_ID_MESSAGE })
  commandId!: string;
}
