import request from 'supertest';
import { currentRuleset, rulesetIds } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Json = Record<string, unknown>;
interface Template {
  command: string;
  route: string;
  side?: string;
  choices: { path: string; options?: unknown[] }[];
}

/**
 * The API document shows GET /matches/{id} once per ruleset: the same answer shape, each ruleset's own
 * templates and state. Each example must be one the service could give: its templates name commands of
 * that ruleset, posted to that ruleset's routes, and a side is shown no card of the other's (AA-2).
 */
describe('the play contract documented with an example per ruleset', () => {
  let t: TestApp;
  let examples: Record<string, { summary: string; value: Json }>;
  beforeAll(async () => {
    t = await startTestApp();
    const doc = (await request(t.url).get('/docs-json').expect(200)).body as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, Json> }> } }>;
    };
    examples = doc.paths['/matches/{id}']!.get.responses['200']!.content['application/json']!
      .examples as typeof examples;
  });
  afterAll(async () => t.close());

  it('C-6 every served ruleset with an example of its own has one, under its id', () => {
    for (const id of rulesetIds()) {
      if (currentRuleset(id)?.playContractExample) expect(Object.keys(examples)).toContain(id);
    }
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(2);
  });

  it('C-6 each example’s templates are commands of its ruleset, posted to its routes', () => {
    for (const [id, { value }] of Object.entries(examples)) {
      const ruleset = currentRuleset(id)!;
      expect(value.ruleset).toMatchObject({ id, version: ruleset.version });
      for (const template of value.awaiting as Template[]) {
        expect(ruleset.commandTypes).toContain(template.command);
        const segment = (ruleset.routes as Record<string, string>)[template.command];
        expect(template.route).toBe(`/matches/${String(value.matchId)}/${segment}`);
      }
    }
  });

  it('AA-2 in the atomic-africa example, the other side’s reveal offers no card', () => {
    const example = Object.entries(examples).find(([id]) => id !== 'hand-to-hand')?.[1].value;
    expect(example).toBeDefined();
    const reveals = (example!.awaiting as Template[]).filter(
      (template) => template.command === 'RevealOrder',
    );
    const theirs = reveals.find((template) => template.side === 'B');
    expect(theirs?.choices.find((choice) => choice.path === 'card')).toMatchObject({ options: [] });
    expect(JSON.stringify((example!.state as Json).orders)).not.toMatch(/"card":"9H"/);
  });
});
