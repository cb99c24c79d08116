import { refuseDivergentVersions, servedCommands } from '../../src/api/served-commands.js';
import type { CommandDeclaration } from '../../src/rules/common/command-declaration.js';
import { type AnyRuleset, registerRulesets } from '../../src/rulesets/registry.js';
import { COIN_DUEL_VERSIONS } from '../support/rulesets/coin-duel/index.js';

/*
 * A command route checks its body before it loads the match it names, against the current version's
 * declaration: an older version's commands may change only by adding (an optional field, a command),
 * and a ruleset whose versions would be checked wrong is refused when the routes are built.
 */
const [duel] = COIN_DUEL_VERSIONS as [AnyRuleset];
const [toss] = duel.commands as [CommandDeclaration];

/** The coin duel under another id (the registry takes an id once), as versions 1 and 2. */
function versions(id: string, second: Partial<AnyRuleset>): AnyRuleset[] {
  return [{ ...duel, id } as AnyRuleset, { ...duel, id, version: '2.0.0', ...second } as AnyRuleset];
}

describe('the command routes over the versions of a ruleset', () => {
  it('given two versions declaring the same toss, when the routes are built, then /tosses checks that body', () => {
    registerRulesets(versions('duel-same', { commands: [{ ...toss }] }));
    const served = servedCommands().find((command) => command.segment === 'tosses');
    expect(served?.body.properties).toHaveProperty('call');
    expect(served?.body.required).toEqual(['commandId', 'call']);
  });

  const wager = { ...toss.body.properties, wager: { type: 'integer' as const } };

  it('given a second version whose toss takes one more optional field, when the routes are built, then both are served', () => {
    const wider: CommandDeclaration = { ...toss, body: { ...toss.body, properties: wager } };
    expect(() => refuseDivergentVersions(versions('duel-wider', { commands: [wider] }))).not.toThrow();
  });

  it('given a second version whose toss requires a new field, when the routes are built, then they are refused naming the version, route and field', () => {
    const stricter: CommandDeclaration = {
      ...toss,
      body: { ...toss.body, properties: wager, required: ['call', 'wager'] },
    };
    expect(() => refuseDivergentVersions(versions('duel-stricter', { commands: [stricter] }))).toThrow(
      'ruleset duel-stricter 1.0.0 declares /tosses unlike its current version 2.0.0: it now requires wager',
    );
  });

  it('given a second version whose toss takes its call in other words, when the routes are built, then they are refused', () => {
    const reworded: CommandDeclaration = {
      ...toss,
      body: {
        ...toss.body,
        properties: { ...toss.body.properties, call: { type: 'string', enum: ['up', 'down'] } },
      },
    };
    expect(() => refuseDivergentVersions(versions('duel-reworded', { commands: [reworded] }))).toThrow(
      'its field call changed',
    );
  });

  it('given a second version that drops the toss, when the routes are built, then they are refused', () => {
    expect(() => refuseDivergentVersions(versions('duel-dropped', { commands: [] }))).toThrow(
      'ruleset duel-dropped 1.0.0 declares /tosses unlike',
    );
  });
});
