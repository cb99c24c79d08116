import { allRulesets } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller } from './support/umpire-client.js';

describe('rule texts served by the service', () => {
  let t: TestApp;
  let anyone: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    anyone = new Caller(t.url, undefined);
  });
  afterAll(() => t.close());

  it.each(allRulesets().map((r) => [r.id, r.version]))(
    'C-6 GET /rulesets/%s/%s/rules lists every rule in players’ words, with no key needed',
    async (id, version) => {
      const all = await anyone.get(`/rulesets/${id}/${version}/rules`);
      expect(all.status).toBe(200);
      const ids = (all.body as { ruleId: string }[]).map((r) => r.ruleId);
      expect(ids).toEqual(expect.arrayContaining(['C-1', 'C-5', 'C-6', 'Q-16']));
      expect(ids.some((ruleId) => /^(HH|AA)-1$/.test(ruleId))).toBe(true);
      const one = await anyone.get(`/rulesets/${id}/${version}/rules/C-5`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ ruleId: 'C-5', title: expect.stringMatching(/undo/i) });
    },
  );

  it('an unknown ruleset, version or rule is 404 naming it', async () => {
    const [{ id, version }] = allRulesets();
    const noRule = await anyone.get(`/rulesets/${id}/${version}/rules/HH-99`);
    expect(noRule.status).toBe(404);
    expect(noRule.body.detail).toContain('HH-99');
    expect((await anyone.get(`/rulesets/${id}/0.0.0/rules`)).status).toBe(404);
    expect((await anyone.get('/rulesets/nowhere/1.0.0/rules')).body.detail).toContain('nowhere');
  });
});
