import { Module } from '@nestjs/common';
import { RuleTextsController } from './rule-texts.controller.js';
import { RulesetsController } from './rulesets.controller.js';

/** The published rules in players' words: what a page opens when a rule id is tapped. */
@Module({ controllers: [RuleTextsController, RulesetsController] })
export class RulebookModule {}
