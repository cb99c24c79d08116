import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { currentRuleset, EXAMPLE_RULESET, rulesetIds, versionsOf } from '../rulesets/registry.js';

const EXAMPLE_VERSIONS = versionsOf(EXAMPLE_RULESET.id).map((r) => r.version);

export class ServedRulesetDto {
  @ApiProperty({ example: EXAMPLE_RULESET.id }) id!: string;
  @ApiProperty({
    description: 'Every version a match may be created under, oldest first.',
    example: EXAMPLE_VERSIONS,
  })
  versions!: string[];
  @ApiProperty({
    description: 'The version a match is created under when none is named.',
    example: EXAMPLE_RULESET.version,
  })
  current!: string;
}

/** Which rulesets, and which versions of each, this service referees: public, like the rules themselves. */
@ApiTags('rulesets')
@Public()
@Controller('rulesets')
export class RulesetsController {
  @Get()
  @ApiOperation({
    summary:
      'The rulesets this service serves, each with every version a match (or a tournament) may name, and the current one.',
  })
  @ApiOkResponse({
    type: [ServedRulesetDto],
    example: [
      {
        id: EXAMPLE_RULESET.id,
        versions: EXAMPLE_VERSIONS,
        current: EXAMPLE_RULESET.version,
      },
    ],
  })
  served(): ServedRulesetDto[] {
    return rulesetIds().map((id) => ({
      id,
      versions: versionsOf(id).map((r) => r.version),
      current: currentRuleset(id)!.version,
    }));
  }
}
