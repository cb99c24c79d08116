import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { problem } from '../http/problem-details.js';
import { ruleTextsOf } from '../rules/rule-texts.js';
import { rulesetFor } from '../rulesets/registry.js';
import { ErrorDto } from './dto/error.dto.js';
import { RuleTextDto } from './dto/rule-text.dto.js';

/** The rules in players' words, as published with each ruleset version: public, like the rules themselves. */
@ApiTags('rulesets')
@Public()
@Controller('rulesets/:id/:version/rules')
export class RuleTextsController {
  @Get()
  @ApiOperation({
    summary: 'Every rule a match of this ruleset version may name, in players’ words (C-*, its own, Q-*).',
  })
  @ApiOkResponse({ type: [RuleTextDto] })
  @ApiNotFoundResponse({ type: ErrorDto, example: problem(404, 'no ruleset nowhere version 1.0.0') })
  all(@Param('id') id: string, @Param('version') version: string): RuleTextDto[] {
    return textsOf(id, version);
  }

  @Get(':ruleId')
  @ApiOperation({ summary: 'One rule’s text, by its id (HH-7, AA-6, Q-17, C-5 …).' })
  @ApiOkResponse({ type: RuleTextDto })
  @ApiNotFoundResponse({ type: ErrorDto, example: problem(404, 'ruleset x 1.0.0 has no rule AA-3') })
  one(
    @Param('id') id: string,
    @Param('version') version: string,
    @Param('ruleId') ruleId: string,
  ): RuleTextDto {
    const rule = textsOf(id, version).find((r) => r.ruleId === ruleId);
    if (!rule) throw new NotFoundException(`ruleset ${id} ${version} has no rule ${ruleId.slice(0, 16)}`);
    return rule;
  }
}

function textsOf(id: string, version: string): RuleTextDto[] {
  const texts = ruleTextsOf(rulesetFor({ id, version }));
  if (!texts) throw new NotFoundException(`no ruleset ${id.slice(0, 64)} version ${version.slice(0, 32)}`);
  return texts;
}
