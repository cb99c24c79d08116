import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBase64,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { currentMatchRules, EXAMPLE_RULESET } from '../../rulesets/registry.js';
// One schema of that name: the match's (the verifier's report names the same recorded ruleset).
import { RulesetRefDto } from './match.dto.js';

/** The example report's rules agree with the example ruleset the match's DTO shows. */
const EXAMPLE_HASH = '9f2c4e0b6a1d…';

export class CheckpointDto {
  @ApiProperty({ example: 'match-hh-1' })
  @IsString()
  @Length(1, 200)
  stream!: string;

  @ApiProperty({
    description: 'The event the checkpoint covers: the chain head when it was signed.',
    example: 12,
  })
  @IsInt()
  @Min(1)
  revision!: number;

  @ApiProperty({ description: 'That event’s hash (hex SHA-256).', example: '3f1c…' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'checkpoint.hash must be 64 lowercase hex digits' })
  hash!: string;

  @ApiProperty({ example: '2026-11-30T09:32:19.000Z' })
  @IsString()
  @Length(1, 64)
  signedAt!: string;
}

/** GET /matches/:id/checkpoint, and what a verifier hands back. */
export class SignedCheckpointDto {
  @ApiProperty({
    type: CheckpointDto,
    description: 'Signed as the RFC 8785 canonical JSON of exactly these four fields.',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => CheckpointDto)
  checkpoint!: CheckpointDto;

  @ApiProperty({ enum: ['Ed25519'] })
  @IsOptional()
  @IsIn(['Ed25519'])
  algorithm!: 'Ed25519';

  @ApiProperty({ description: 'Hex SHA-256 of the signing key’s public DER (SubjectPublicKeyInfo).' })
  @IsOptional()
  @IsString()
  @Length(0, 128)
  keyId!: string;

  @ApiProperty({ description: 'Base64 Ed25519 signature.' })
  @IsBase64()
  @Length(1, 200)
  signature!: string;
}

export class VerifyRequestDto {
  @ApiPropertyOptional({
    type: [SignedCheckpointDto],
    description: 'Checkpoints kept earlier: each must still match the log, and verify with the service key.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  // Each an object: ValidateNested lets an array through as an element (it validates the array's own,
  // here none), and `[[]]` reached the controller as a checkpoint without fields.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SignedCheckpointDto)
  checkpoints?: SignedCheckpointDto[];
}

export class DiscrepancyDto {
  @ApiProperty({ description: 'The event (revision) at which the log fails.', example: 7 })
  revision!: number;

  @ApiProperty({ description: 'The rule it breaks (RULES.md).', example: 'HH-3' })
  ruleId!: string;

  @ApiProperty({ enum: ['chain', 'checkpoints', 'serverRolls', 'reveals', 'outcomes'] })
  check!: string;

  @ApiProperty({
    example: 'event 7 (MoraleTested): data.outcome is "retreat" in the log, but the rules give "reform"',
  })
  message!: string;
}

class ChainCheckDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ description: 'Events linked and hashing right, from the first.' }) links!: number;
  @ApiProperty() message!: string;
}

class OutcomesCheckDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ description: 'Commands rebuilt from their events and decided again.' }) commands!: number;
  @ApiProperty({ description: 'Events equal to what the rules give.' }) events!: number;
  @ApiProperty() message!: string;
}

class ServerRollsCheckDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({
    enum: ['verified', 'pending-seed', 'not-applicable', 'failed'],
    description:
      'pending-seed: the seed is revealed at the end of the match; until then rolls cannot be checked.',
  })
  status!: string;
  @ApiProperty({ enum: ['server', 'table'], nullable: true }) diceMode!: string | null;
  @ApiProperty() rolls!: number;
  @ApiProperty() verified!: number;
  @ApiProperty() seedRevealed!: boolean;
  @ApiProperty() message!: string;
}

class RevealsCheckDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty() reveals!: number;
  @ApiProperty() verified!: number;
  @ApiProperty() message!: string;
}

class CheckpointResultDto {
  @ApiProperty() revision!: number;
  @ApiProperty() hash!: string;
  @ApiProperty() signedAt!: string;
  @ApiProperty() keyId!: string;
  @ApiProperty({ enum: ['valid', 'invalid', 'not-checked'] }) signature!: string;
  @ApiProperty({ description: 'The log still holds exactly this hash at this revision.' }) matches!: boolean;
  @ApiPropertyOptional({
    enum: [true],
    description: 'The checkpoint an export closes with (its last event, signed at export time).',
  })
  closing?: true;
}

class CheckpointsCheckDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [CheckpointResultDto] }) checked!: CheckpointResultDto[];
  @ApiProperty({
    description: 'Checkpoints whose signature was not checked (no public key): they prove nothing yet.',
  })
  unverifiedSignatures!: number;
  @ApiProperty({
    description:
      'What the checkpoints prove, and, when none was kept from earlier, what the log alone cannot prove.',
  })
  message!: string;
}

class ChecksDto {
  @ApiProperty() events!: number;
  @ApiProperty({ type: ChainCheckDto }) chain!: ChainCheckDto;
  @ApiProperty({ type: OutcomesCheckDto }) outcomes!: OutcomesCheckDto;
  @ApiProperty({ type: ServerRollsCheckDto }) serverRolls!: ServerRollsCheckDto;
  @ApiProperty({ type: RevealsCheckDto }) reveals!: RevealsCheckDto;
  @ApiProperty({ type: CheckpointsCheckDto }) checkpoints!: CheckpointsCheckDto;
}

class MatchRulesReplayedDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'The match-level rules version the log’s first event records; null for a log recorded before it was (version-1 logs).',
    example: currentMatchRules.version,
  })
  recorded!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'The version its match-level commands (undo, backups, disputes, the end) were decided with: the recorded one, or the one assumed for a log that records none; null when the recorded version is unknown to this verifier.',
    example: currentMatchRules.version,
  })
  replayedWith!: string | null;

  @ApiProperty({
    enum: ['same-code', 'assumed', 'version-not-known'],
    description:
      'same-code: replayed with the version the log records; assumed: the log records none, so with the only version there was then (1.0.0); version-not-known: this verifier does not know it (a finding says so).',
    example: 'same-code',
  })
  replay!: 'same-code' | 'assumed' | 'version-not-known';
}

class RulesReplayedDto {
  @ApiProperty({
    nullable: true,
    type: RulesetRefDto,
    description:
      'The ruleset the log’s first event records (id, version, parameters hash); null when it names none.',
  })
  ruleset!: RulesetRefDto | null;

  @ApiProperty({
    enum: ['same-code', 'version-not-known', 'hash-mismatch', 'not-replayed'],
    description:
      'same-code: this verifier has that version, and deciding the match’s creation again with it gives the recorded hash, so every outcome was re-derived by exactly the rules the match was played under. version-not-known: it has no code for that id and version (a finding says so; the outcomes were not re-derived). hash-mismatch: its code for that version gives another hash for the match’s parameters (an outcome finding at event 1 says so). not-replayed: it has the version but could not decide the match’s creation again (findings say why).',
    example: 'same-code',
  })
  replay!: 'same-code' | 'version-not-known' | 'hash-mismatch' | 'not-replayed';

  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'The parameters hash this verifier’s code gives when it decides the match’s creation again; null when it did not decide it.',
    example: EXAMPLE_HASH,
  })
  replayedHash!: string | null;

  @ApiProperty({ type: MatchRulesReplayedDto })
  matchRules!: MatchRulesReplayedDto;

  @ApiProperty({
    description: 'The same in one line.',
    example: `${EXAMPLE_RULESET.id} ${EXAMPLE_RULESET.version} (hash ${EXAMPLE_HASH.slice(0, 8)}…), match rules ${currentMatchRules.version}, replayed with the same code`,
  })
  message!: string;
}

class HeadDto {
  @ApiProperty() revision!: number;
  @ApiProperty() hash!: string;
}

export class VerificationReportDto {
  @ApiProperty({ description: 'True when every check holds.' }) ok!: boolean;
  @ApiProperty({ nullable: true, type: String }) stream!: string | null;
  @ApiProperty({ nullable: true, type: String }) matchId!: string | null;
  @ApiProperty({
    nullable: true,
    type: RulesetRefDto,
    description: 'The ruleset the log’s first event records (the same as rules.ruleset).',
  })
  ruleset!: RulesetRefDto | null;
  @ApiProperty({
    type: RulesReplayedDto,
    description:
      'Which rules the log was replayed with: the ruleset and match-level rules versions it records, and whether this verifier replayed exactly that code.',
  })
  rules!: RulesReplayedDto;
  @ApiProperty({ nullable: true, type: HeadDto }) head!: HeadDto | null;
  @ApiProperty({ type: ChecksDto }) checked!: ChecksDto;
  @ApiPropertyOptional({ type: DiscrepancyDto, description: 'The first event that fails, by revision.' })
  firstDiscrepancy?: DiscrepancyDto;
  @ApiProperty({ type: [DiscrepancyDto] }) discrepancies!: DiscrepancyDto[];
}

class JwkDto {
  @ApiProperty({ example: 'OKP' }) kty!: string;
  @ApiProperty({ example: 'Ed25519' }) crv!: string;
  @ApiProperty({ description: 'The public key, base64url.' }) x!: string;
}

export class PublicKeyDto {
  @ApiProperty({ enum: ['Ed25519'] }) algorithm!: string;
  @ApiProperty({ description: 'Hex SHA-256 of the public key’s DER; checkpoints name it.' }) keyId!: string;
  @ApiProperty({ description: 'SubjectPublicKeyInfo, PEM.' }) pem!: string;
  @ApiProperty({ type: JwkDto }) jwk!: JwkDto;
}
