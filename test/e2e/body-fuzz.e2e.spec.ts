import fc from 'fast-check';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, organiser } from './support/umpire-client.js';

type Json = Record<string, unknown>;

/** Routes of the atomic-africa ruleset: called on an atomic-africa match, so bodies reach its checks. */
const ATOMIC = [
  'contacts',
  'orders',
  'intents',
  'reveals',
  'pursuits',
  'break-offs',
  'close-combat-attacks',
  'ranged-attacks',
];

/** A string holding a surrogate with no partner: valid JSON (as an escape), not valid Unicode text. */
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 5 }))
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b}`);

/** n arrays, one inside the other. */
function nested(n: number, inner: unknown = 1): unknown {
  let value: unknown = inner;
  for (let i = 0; i < n; i++) value = [value];
  return value;
}

const wild: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => nested(n)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 900, max: 3000 }).map((n) => Array.from({ length: n }, () => 0)),
  },
  { weight: 1, arbitrary: fc.constantFrom([], {}, null, '', 0, -1, 1e308, true) },
);

/** A body: anything at all, or the route's documented example with some fields replaced or added. */
function bodies(example: Json): fc.Arbitrary<unknown> {
  const keys = Object.keys(example);
  const mutated = fc
    .array(fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.string(), wild), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => ({ ...example, ...Object.fromEntries(changes) }));
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: wild });
}

/**
 * Every POST route the service documents, with generated bodies: never a 5xx, and nothing appended
 * when the answer is a refusal.
 */
describe('bad input: every POST route, generated bodies', () => {
  let t: TestApp;
  let org: Caller;
  let store: EventStore;
  let routes: { path: string; example: Json }[];

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: 0 });
    org = organiser(t);
    store = t.app.get<EventStore>(EVENT_STORE);
    await org.command('/tournaments', { tournamentId: 'fuzz', name: 'Fuzz Open' });
    for (const [matchId, ruleset, table] of [
      ['fuzz-1', 'hand-to-hand', 1],
      ['fuzz-aa', 'atomic-africa', 2],
    ] as const) {
      await org.command('/tournaments/fuzz/matches', {
        matchId,
        round: 1,
        table,
        ruleset,
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    const doc = (await org.get('/docs-json')).body as { paths: Record<string, Record<string, Json>> };
    routes = Object.entries(doc.paths).flatMap(([template, methods]) => {
      const post = methods.post;
      if (!post) return [];
      const atomic = ATOMIC.includes(template.split('/').at(-1) ?? '');
      const path = template
        .replace(/^\/matches\/\{id\}/, `/matches/${atomic ? 'fuzz-aa' : 'fuzz-1'}`)
        .replace(/^\/tournaments\/\{id\}/, '/tournaments/fuzz')
        .replace('{name}', 'standings')
        .replace(/\{[^}]+\}/g, 'x');
      const media = (post.requestBody as Json | undefined)?.content as Json | undefined;
      const example = ((media?.['application/json'] as Json | undefined)?.example ?? {}) as Json;
      return [{ path, example: typeof example === 'object' && example !== null ? example : {} }];
    });
  });
  afterAll(async () => t.close());

  /** The body as JSON text, whatever it is (a number or null too), with the organiser's key. */
  async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await request(t.url)
      .post(path)
      .set('authorization', `Bearer ${org.token}`)
      .set('content-type', 'application/json')
      .send(JSON.stringify(body));
    return { status: response.status, body: response.body as unknown };
  }

  async function head(): Promise<number> {
    let position = 0;
    for (;;) {
      const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
      if (page.length === 0) return position;
      position = page[page.length - 1]!.position;
    }
  }

  it('answers 2xx or 4xx to any body on any POST route, and appends nothing when it refuses', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    let sent = 0;
    const runs = 20;
    for (const route of routes) {
      await fc
        .assert(
          fc.asyncProperty(bodies(route.example), async (body) => {
            sent += 1;
            const shown = `POST ${route.path} ${JSON.stringify(body)?.slice(0, 200)}`;
            try {
              const before = await head();
              const reply = await post(route.path, body);
              const after = await head();
              const ok =
                (reply.status >= 200 && reply.status < 300) ||
                (reply.status >= 400 && reply.status < 500 && after === before);
              if (!ok)
                failures.push(
                  `${shown}: ${reply.status} ${JSON.stringify(reply.body)}, appended ${after - before}`,
                );
              return ok;
            } catch (error) {
              failures.push(`${shown}: ${String(error)}`);
              return false;
            }
          }),
          { numRuns: runs, endOnFailure: true },
        )
        // A failing run is already in failures, with its body; the next route still runs.
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * runs);
  }, 300_000);
});
