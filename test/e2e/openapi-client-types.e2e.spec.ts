import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import request from 'supertest';
import ts from 'typescript';
import { schemaErrors } from '../api/json-schema-check.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, openMatch, type Reply } from './support/umpire-client.js';

/**
 * The OpenAPI document is complete enough to generate a client with nothing left `unknown`: it
 * validates, openapi-typescript makes types of it in which no body is `unknown` or an empty object,
 * and a small client program type-checks against them (the play contract's awaited route, an event's
 * data narrowed by its type, a problem's ruleId), while a wrong one does not.
 */

type Doc = Parameters<Validator['validate']>[0];

/**
 * The only `unknown`s and empty records openapi-typescript writes whatever the document says: the
 * open map of response headers, and the document's (absent) webhooks and $defs.
 */
const ALWAYS_WRITTEN = [
  /^\s*\[name: string\]: unknown;$/,
  /^export type webhooks = Record<string, never>;$/,
  /^export type \$defs = Record<string, never>;$/,
];

/** A client's program: what a typed client reads and narrows. */
const CLIENT_PROGRAM = `
import type { components, paths } from './api';

declare const match: paths['/matches/{id}']['get']['responses']['200']['content']['application/json'];
// The play contract: where to post the awaited step, for which side.
type AwaitedRoute =
  paths['/matches/{id}']['get']['responses']['200']['content']['application/json']['awaiting'][0]['route'];
const route: AwaitedRoute = match.awaiting[0]!.route;
const side: 'A' | 'B' = match.awaiting[0]!.side;
const undoAsked: number = match.pending.undoRequests[0]!.toRevision;
const winner: 'A' | 'B' | null | undefined = match.result?.winner;
// The charge or close combat an awaited step belongs to, narrowed by its kind.
const combat = match.awaiting[0]!.combat;
// @ts-expect-error: before its kind is checked, it may be a close combat, which has no chargeId
const notYetCharge: string | undefined = combat?.chargeId;
if (combat?.kind === 'charge') {
  const chargeId: string = combat.chargeId;
}
if (combat?.kind === 'close-combat') {
  const pair: string[] = combat.unitIds;
}

// The state: one of the rulesets' views.
const state = match.state;
if ('created' in state && state.created) {
  const morale: number = state.units['Z1']!.baseMorale;
  const charges: string[] = state.charges.map((c) => c.chargeId);
}
if ('orders' in state) {
  const hidden: boolean = state.orders['A1']!.hidden;
}

// An event page: the data narrowed by the type.
declare const page: paths['/matches/{id}/events']['get']['responses']['200']['content']['application/json'];
for (const event of page.events) {
  // @ts-expect-error: before its type is checked, an event's data has no impact
  const notYet: number = event.data.impact;
  if (event.type === 'ImpactRolled') {
    const impact: number = event.data.impact;
    const faces: number[] = event.data.roll.faces;
  }
  if (event.type === 'OrderSealed') {
    const sealedAs: 'card' | 'commitment' = event.data.sealedAs;
  }
  if (event.type === 'MatchEnded') {
    const ended: 'A' | 'B' | null = event.data.result.winner;
  }
  const revision: number = event.revision;
}

// A command answer, and its refusals.
declare const answer: paths['/matches/{id}/charges']['post']['responses']['201']['content']['application/json'];
const firstType: string = answer.events[0]!.type;
declare const refusal: paths['/matches/{id}/charges']['post']['responses']['422']['content']['application/problem+json'];
const ruleId: string | undefined = refusal.ruleId;
const status: number = refusal.status;

// A tournament event and a webhook payload, each narrowed by its discriminator.
declare const reported: components['schemas']['TournamentEvent'];
if (reported.type === 'ResultReported') {
  const outcome: 'A' | 'B' | 'draw' = reported.data.outcome;
}
declare const delivery: components['schemas']['DeliveryDto'];
if (delivery.payload.kind === 'result') {
  const endedAt: string = delivery.payload.endedAt;
}

// What a new match may override: one of the rulesets' parameters, any part.
declare const create: paths['/matches']['post']['requestBody'];
const parameters = create!.content['application/json'].parameters;
if (parameters && 'modifiers' in parameters) {
  const chargeBonus: number | undefined = parameters.modifiers?.charge;
}
`;

/** A program a client could not write: it must not type-check. */
const WRONG_PROGRAM = `
import type { paths } from './api';
declare const match: paths['/matches/{id}']['get']['responses']['200']['content']['application/json'];
const route: number = match.awaiting[0]!.route;
`;

/** The diagnostics of each program, type-checked together against the generated types. */
function diagnosticsOf(types: string, programs: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-openapi-types-'));
  try {
    writeFileSync(join(dir, 'api.d.ts'), types);
    for (const [name, text] of Object.entries(programs)) writeFileSync(join(dir, `${name}.ts`), text);
    const compiled = ts.createProgram(
      Object.keys(programs).map((name) => join(dir, `${name}.ts`)),
      {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
      },
    );
    return Object.fromEntries(
      Object.keys(programs).map((name) => [
        name,
        ts
          .getPreEmitDiagnostics(compiled, compiled.getSourceFile(join(dir, `${name}.ts`)))
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document makes a typed client', () => {
  let t: TestApp;
  let doc: Doc;
  let types: string;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await request(t.url).get('/docs-json').expect(200)).body as Doc;
    types = astToString(await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0]));
  });
  afterAll(async () => t.close());

  it('validates as OpenAPI 3, and describes the key as an opaque bearer key, not a JWT', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    const bearer = (doc as { components: { securitySchemes: Record<string, Record<string, string>> } })
      .components.securitySchemes.bearer!;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(bearer.bearerFormat).not.toMatch(/jwt/i);
    expect(bearer.description).toMatch(/umpire_<keyId>_<secret>/);
  });

  it('generates types in which no body is unknown or an empty object (openapi-typescript)', () => {
    const loose = types
      .split('\n')
      .map((line, i) => ({ line, at: i + 1 }))
      .filter(({ line }) => /\bunknown\b|Record<string, never>/.test(line))
      .filter(({ line }) => !/^\s*(\*|\/\*\*)/.test(line)) // JSDoc: the words of a description
      .filter(({ line }) => !ALWAYS_WRITTEN.some((allowed) => allowed.test(line)));
    expect(loose).toEqual([]);
    // The events are a discriminated union per ruleset, not a string.
    expect(types).toMatch(/type: "ImpactRolled";/);
    expect(types).toMatch(/type: "OrderSealed";/);
    expect(types).toMatch(/type: "MatchEnded";/);
  });

  it('every route states its success and the refusals it can give, all as problem+json', () => {
    type Op = { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
    const paths = (doc as unknown as { paths: Record<string, Record<string, Op>> }).paths;
    const wrong: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(op.responses);
        if (!statuses.some((s) => s.startsWith('2'))) wrong.push(`${route}: no success`);
        if (path.includes('{') && !statuses.includes('404')) wrong.push(`${route}: no 404`);
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^[45]/.test(status) || route === 'GET /health/ready') continue;
          const media = Object.keys(response.content ?? {});
          if (media.join() !== 'application/problem+json') wrong.push(`${route} ${status}: ${media.join()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const charges = Object.keys(paths['/matches/{id}/charges']!.post!.responses);
    expect(charges).toEqual(expect.arrayContaining(['201', '400', '404', '409', '413', '422', '503']));
  });

  it('real answers of both rulesets fit the document’s own response schemas, hidden cards and all', async () => {
    type Op = {
      responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
    };
    const document = doc as unknown as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const misfits: string[] = [];
    /** The answer against the schema its route documents for its status. */
    const fits = (path: string, method: string, reply: Reply) => {
      const schema =
        document.paths[path]?.[method]?.responses[String(reply.status)]?.content?.['application/json']
          ?.schema;
      if (!schema) misfits.push(`${method} ${path} ${reply.status}: no schema`);
      else
        misfits.push(
          ...schemaErrors(schema, reply.body, document.components.schemas).map(
            (e) => `${method} ${path}: ${e}`,
          ),
        );
      return reply;
    };
    const send = async (caller: Caller, path: string, route: string, body: object) =>
      fits(route, 'post', await caller.command(path, body));
    const read = async (caller: Caller, path: string, route: string) =>
      fits(route, 'get', await caller.get(path));

    const hh = await openMatch(t, { matchId: 'doc-hh', ruleset: 'hand-to-hand' });
    for (const [unitId, side, morale] of [
      ['impi', 'A', 8],
      ['nnc', 'B', 7],
    ] as const)
      await send(hh.organiser, '/matches/doc-hh/units', '/matches/{id}/units', {
        unitId,
        name: unitId,
        side,
        morale,
        move: 6,
      });
    await send(hh.A, '/matches/doc-hh/charges', '/matches/{id}/charges', {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    await send(hh.A, '/matches/doc-hh/impact-rolls', '/matches/{id}/impact-rolls', {
      chargeId: 'c1',
      dice: [4],
    });
    await send(hh.B, '/matches/doc-hh/morale-tests', '/matches/{id}/morale-tests', {
      unitId: 'nnc',
      cause: 'melee',
      dice: [2, 4],
    });

    const aa = await openMatch(t, { matchId: 'doc-aa', ruleset: 'atomic-africa' });
    for (const [unitId, side] of [
      ['a1', 'A'],
      ['b1', 'B'],
    ] as const)
      await send(aa.organiser, '/matches/doc-aa/units', '/matches/{id}/units', {
        unitId,
        name: unitId,
        side,
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    await send(aa.A, '/matches/doc-aa/contacts', '/matches/{id}/contacts', { unitId: 'a1', enemyId: 'b1' });
    await send(aa.A, '/matches/doc-aa/end-turn', '/matches/{id}/end-turn', {});
    await send(aa.A, '/matches/doc-aa/orders', '/matches/{id}/orders', { unitId: 'a1', turn: 2, card: 'QH' });

    for (const [m, id] of [
      [hh, 'doc-hh'],
      [aa, 'doc-aa'],
    ] as const) {
      for (const caller of [m.organiser, m.A, m.B, m.spectator]) {
        await read(caller, `/matches/${id}`, '/matches/{id}');
        await read(caller, `/matches/${id}/events`, '/matches/{id}/events');
      }
      await read(m.organiser, `/matches/${id}/state?at=3`, '/matches/{id}/state');
      await read(m.organiser, `/matches/${id}/roster`, '/matches/{id}/roster');
      await read(m.organiser, `/matches/${id}/log`, '/matches/{id}/log');
      await read(m.organiser, `/matches/${id}/verify`, '/matches/{id}/verify');
    }
    const sealed = (await aa.B.get('/matches/doc-aa/events')).body.events.find(
      (e: { type: string }) => e.type === 'OrderSealed',
    );
    expect(sealed.data).toMatchObject({ card: null, hidden: true });
    expect(misfits).toEqual([]);
  });

  it('every JSON example in the document fits its own schema (real examples)', () => {
    type Media = { schema?: Record<string, unknown>; example?: unknown };
    type Op = {
      requestBody?: { content: Record<string, Media> };
      responses: Record<string, { content?: Record<string, Media> }>;
    };
    const document = doc as unknown as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const misfits: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const bodies = [
          ...Object.entries(op.requestBody?.content ?? {}).map(
            ([type, media]) => ['body', type, media] as const,
          ),
          ...Object.entries(op.responses).flatMap(([status, response]) =>
            Object.entries(response.content ?? {}).map(([type, media]) => [status, type, media] as const),
          ),
        ];
        for (const [where, type, media] of bodies) {
          if (!/json$/.test(type) || media.example === undefined || !media.schema) continue;
          checked += 1;
          misfits.push(
            ...schemaErrors(media.schema, media.example, document.components.schemas).map(
              (e) => `${method} ${path} ${where}: ${e}`,
            ),
          );
        }
      }
    }
    expect(misfits).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('a client program type-checks against the generated types; a wrong one does not (TypeScript compiler API)', () => {
    expect(diagnosticsOf(types, { client: CLIENT_PROGRAM, wrong: WRONG_PROGRAM })).toEqual({
      client: [],
      wrong: [expect.stringMatching(/Type 'string' is not assignable to type 'number'/)],
    });
  });
});
