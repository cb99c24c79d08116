import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { MatchAggregates } from '../../src/match/match-aggregates.js';
import { MatchFold } from '../../src/match/fold.js';
import { isMatchLevel } from '../../src/rules/match/events.js';
import { matchStream } from '../../src/match/match-stream.js';
import { ORGANISER_KEY } from '../e2e/support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read field by field, as any client reads them */

/**
 * A random playout of one match from the play contract alone: at each step it reads what each side (and
 * a judge) is awaited for or may do, picks one at random, fills its choices and table dice with legal
 * values, sometimes sends an illegal variant first, and checks the contract's promises after every step.
 * It knows no command of any ruleset: only templates.
 */
export interface PlayoutSpec {
  seed: number;
  rulesetId: string;
  diceMode: 'table' | 'server';
  maxSteps: number;
  /** The share of steps that first send an illegal variant (it must be refused and append nothing). */
  illegalRate: number;
}

export interface PlayoutReport {
  steps: number;
  ended: boolean;
  commands: Record<string, number>;
  refusedIllegal: number;
}

/** A broken promise of the contract, with what is needed to see it again. */
export class PlayoutFailure extends Error {
  constructor(spec: PlayoutSpec, step: number, what: string) {
    super(
      `${what}\n  at step ${step} of ${JSON.stringify(spec)}\n  replay: npm run playout -- 1 --seed ${spec.seed} --ruleset ${spec.rulesetId} --dice ${spec.diceMode}`,
    );
    this.name = 'PlayoutFailure';
  }
}

/** mulberry32: a small seeded generator, so that one seed is one match. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Reply {
  status: number;
  body: any;
}

async function call(
  app: NestFastifyApplication,
  key: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<Reply> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  let parsed: unknown = response.body;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.statusCode, body: parsed };
}

/** The match-level actions: always there for a side, so they say nothing about whether play can go on. */
const MATCH_LEVEL_ACTIONS = new Set([
  'dispute',
  'undo-request',
  'undo-answer',
  'client-seed',
  'backup',
  'ruling',
  'end',
]);

type Who = 'A' | 'B' | 'judge';
interface Candidate {
  who: Who;
  template: any;
  weight: number;
}

let ids = 0;
const fresh = (label: string) => `${label}-${process.pid}-${++ids}`;

export async function playout(app: NestFastifyApplication, spec: PlayoutSpec): Promise<PlayoutReport> {
  const rng = random(spec.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const matchId = fresh(`po-${spec.rulesetId}`);
  const created = await call(app, ORGANISER_KEY, 'POST', '/matches', {
    commandId: fresh('create'),
    matchId,
    ruleset: spec.rulesetId,
    sides: { A: 'Side A', B: 'Side B' },
    diceMode: spec.diceMode,
  });
  if (created.status !== 201)
    throw new Error(`creating the match answered ${created.status}: ${JSON.stringify(created.body)}`);
  const keyOf = async (grant: object): Promise<string> => {
    const reply = await call(app, ORGANISER_KEY, 'POST', '/keys', grant);
    if (reply.status !== 201) throw new Error(`a key for ${JSON.stringify(grant)} answered ${reply.status}`);
    return reply.body.token as string;
  };
  const keys: Record<Who | 'spectator', string> = {
    A: await keyOf({ role: 'player', matchId, side: 'A' }),
    B: await keyOf({ role: 'player', matchId, side: 'B' }),
    judge: await keyOf({ role: 'judge' }),
    spectator: await keyOf({ role: 'spectator' }),
  };
  const path = `/matches/${matchId}`;
  const report: PlayoutReport = { steps: 0, ended: false, commands: {}, refusedIllegal: 0 };
  const registered: Record<string, number> = { A: 0, B: 0 };
  const fail = (step: number, what: string): never => {
    throw new PlayoutFailure(spec, step, what);
  };

  for (let step = 0; step < spec.maxSteps; step++) {
    report.steps = step;
    const views: Record<string, any> = {};
    for (const who of ['A', 'B', 'judge', 'spectator'] as const) {
      const reply = await call(app, keys[who], 'GET', path);
      if (reply.status !== 200) fail(step, `GET ${path} as ${who} answered ${reply.status}`);
      views[who] = reply.body;
    }
    await checkInvariants(app, matchId, views, step, fail, views.judge.ended);
    if (views.judge.ended) {
      report.ended = true;
      break;
    }

    const candidates: Candidate[] = [];
    for (const side of ['A', 'B'] as const) {
      for (const awaited of views[side].awaiting) {
        if (awaited.side === side) candidates.push({ who: side, template: awaited, weight: 12 });
      }
      for (const template of views[side].available) {
        if (template.side !== side) continue;
        candidates.push({ who: side, template, weight: weightOf(template, registered[side]!, step, spec) });
      }
    }
    for (const template of views.judge.available) {
      if (template.role === 'judge' || template.role === 'organiser') {
        candidates.push({ who: 'judge', template, weight: weightOf(template, 0, step, spec) });
      }
    }
    // No dead end: until the match ends, something that moves play on is awaited or available.
    const movesOn = candidates.some((c) => !MATCH_LEVEL_ACTIONS.has(c.template.action));
    if (!movesOn) {
      fail(
        step,
        `dead end: nothing awaited and nothing but match-level actions available\n${JSON.stringify(views.judge, null, 1).slice(0, 3000)}`,
      );
    }
    const chosen = weighted(
      candidates.filter((c) => c.weight > 0),
      rng,
    );
    if (!chosen) fail(step, 'no candidate with a weight');
    const { who, template } = chosen!;
    const body = fill(template, rng, pick);
    const revisionBefore = views.judge.revision as number;

    if (rng() < spec.illegalRate) {
      const illegal = mutate(template, body, rng);
      if (illegal) {
        const refused = await call(app, keys[who], 'POST', template.route, {
          commandId: fresh('bad'),
          ...illegal.body,
        });
        if (refused.status < 400 || refused.status >= 500) {
          fail(
            step,
            `an illegal ${template.command} (${illegal.what}) answered ${refused.status}: ${JSON.stringify(refused.body).slice(0, 400)}`,
          );
        }
        const names = `${refused.body?.ruleId ?? ''} ${refused.body?.field ?? ''} ${refused.body?.message ?? ''} ${JSON.stringify(refused.body?.errors ?? '')}`;
        if (!/\b(C|HH|AA|Q)-\d+\b/.test(names) && !names.includes(illegal.field)) {
          fail(
            step,
            `the refusal of ${template.command} (${illegal.what}) names neither a rule nor the field ${illegal.field}: ${JSON.stringify(refused.body)}`,
          );
        }
        const after = await call(app, keys.judge, 'GET', path);
        if (after.body.revision !== revisionBefore)
          fail(step, `a refused ${template.command} appended events`);
        report.refusedIllegal += 1;
      }
    }

    const sent = await call(app, keys[who], 'POST', template.route, { commandId: fresh('cmd'), ...body });
    if (sent.status !== 201) {
      fail(
        step,
        `a template sent with legal choices was refused: ${who} ${template.command} ${JSON.stringify(body)}\n  → ${sent.status} ${JSON.stringify(sent.body).slice(0, 600)}\n  template: ${JSON.stringify(template).slice(0, 1500)}`,
      );
    }
    report.commands[template.command] = (report.commands[template.command] ?? 0) + 1;
    if (template.command === 'RegisterUnit' && (who === 'A' || who === 'B')) registered[who]! += 1;
  }
  const verified = await call(app, keys.judge, 'GET', `${path}/verify`);
  if (verified.status !== 200 || verified.body.ok !== true) {
    fail(
      report.steps,
      `the log does not verify: ${JSON.stringify(verified.body.firstDiscrepancy ?? verified.body)}`,
    );
  }
  return report;
}

function weightOf(template: any, registered: number, step: number, spec: PlayoutSpec): number {
  switch (template.action) {
    // A commitment is SHA-256 of the side's own card and salt (AA-2): no allowed value can be listed for
    // it, so a client computes it; the ruleset's own playout (test/rules/atomic-africa/contract) does.
    case 'seal-commitment':
      return 0;
    case 'register-unit':
      return registered < 3 ? 8 : 0;
    case 'dispute':
      return 0.15;
    case 'ruling':
      return 1.5;
    case 'undo-request':
      return 0.4;
    case 'undo-answer':
      return 4;
    case 'backup':
      return 0.15;
    case 'client-seed':
      return 1;
    case 'end':
      // Late in the playout the judge ends it, so the end and what follows (the seed's reveal) is played too.
      return step > spec.maxSteps * 0.85 ? 5 : 0.02;
    case 'end-turn':
      return 1.5;
    default:
      return 4;
  }
}

function weighted(candidates: Candidate[], rng: () => number): Candidate | undefined {
  const total = candidates.reduce((sum, c) => sum + c.weight, 0);
  let at = rng() * total;
  for (const candidate of candidates) {
    at -= candidate.weight;
    if (at < 0) return candidate;
  }
  return candidates.at(-1);
}

const HEX = '0123456789abcdef';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RULE_IDS = ['C-1', 'C-5', 'C-6', 'HH-7', 'AA-2', 'Q-32'];

/** Fills a template's choices with allowed values, and its table dice with faces. */
export function fill(
  template: any,
  rng: () => number,
  pick: <T>(items: readonly T[]) => T,
): Record<string, unknown> {
  const body: Record<string, unknown> = structuredClone(template.body);
  for (const choice of template.choices as any[]) {
    if (choice.when && valueAt(body, choice.when.path) !== choice.when.value) continue;
    if (choice.optional && rng() < 0.4) continue;
    let value: unknown;
    switch (choice.kind) {
      case 'one-of':
        if (choice.options.length === 0) continue;
        value = pick(choice.options as any[]).value;
        break;
      case 'yes-no':
        value = rng() < 0.5;
        break;
      case 'integer':
        value = choice.min + Math.floor(rng() * (choice.max - choice.min + 1));
        break;
      case 'text': {
        if (choice.pattern) {
          // Words of a form: a rule id, or a hex digest (a commitment); a form neither fits fails loudly.
          const pattern = new RegExp(choice.pattern);
          const digest = Array.from({ length: 64 }, () => HEX[Math.floor(rng() * 16)]).join('');
          const fitting = [...RULE_IDS, digest].filter((words) => pattern.test(words));
          if (fitting.length === 0) throw new Error(`no words of the form ${choice.pattern} to fill`);
          value = pick(fitting);
          break;
        }
        const length = 1 + Math.floor(rng() * Math.min(10, choice.maxLength - 1));
        value =
          'u' +
          Array.from({ length: length - 1 }, () => ALPHABET[Math.floor(rng() * ALPHABET.length)]).join('');
        break;
      }
      default:
        throw new Error(`a choice of an unknown kind: ${JSON.stringify(choice)}`);
    }
    setAt(body, choice.path, value);
  }
  if (template.dice?.source === 'table') {
    setAt(
      body,
      template.dice.path,
      Array.from({ length: template.dice.count }, () => 1 + Math.floor(rng() * 6)),
    );
  }
  return body;
}

/** An illegal variant of a filled body: a value outside a choice, or the wrong number of table dice. */
function mutate(
  template: any,
  body: Record<string, unknown>,
  rng: () => number,
): { body: Record<string, unknown>; what: string; field: string } | undefined {
  const ways: { body: Record<string, unknown>; what: string; field: string }[] = [];
  if (template.dice?.source === 'table') {
    const wrong = structuredClone(body);
    setAt(
      wrong,
      template.dice.path,
      Array.from({ length: template.dice.count + 1 }, () => 1),
    );
    ways.push({
      body: wrong,
      what: `${template.dice.count + 1} dice for ${template.dice.count}`,
      field: template.dice.path,
    });
  }
  for (const choice of template.choices as any[]) {
    if (choice.kind === 'one-of' && choice.options.length > 0 && !choice.when) {
      const wrong = structuredClone(body);
      setAt(wrong, choice.path, 'zz-not-an-option');
      ways.push({ body: wrong, what: `${choice.path} outside its options`, field: choice.path });
    }
    if (choice.kind === 'yes-no' && !choice.when) {
      const wrong = structuredClone(body);
      setAt(wrong, choice.path, 'maybe');
      ways.push({ body: wrong, what: `${choice.path} neither true nor false`, field: choice.path });
    }
  }
  return ways.length > 0 ? ways[Math.floor(rng() * ways.length)] : undefined;
}

function valueAt(body: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined),
      body,
    );
}

function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = body;
  for (const part of parts.slice(0, -1)) {
    if (typeof at[part] !== 'object' || at[part] === null) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts.at(-1)!] = value;
}

/** What must hold after every step, whatever was played. */
async function checkInvariants(
  app: NestFastifyApplication,
  matchId: string,
  views: Record<string, any>,
  step: number,
  fail: (step: number, what: string) => never,
  final = false,
): Promise<void> {
  // AA-2: a template shown to anyone but its own side offers no card (a choice whose values are objects).
  for (const [who, view] of Object.entries(views)) {
    for (const template of [...view.awaiting, ...view.available]) {
      if (template.side === who) continue;
      for (const choice of template.choices) {
        if (choice.kind === 'one-of' && choice.options.some((o: any) => typeof o.value === 'object')) {
          fail(step, `${who} sees side ${template.side}'s ${template.action} with card options`);
        }
      }
    }
  }
  // A removed unit never acts: nothing is awaited from it or offered to it.
  const aggregates = app.get(MatchAggregates);
  const cached = (await aggregates.current(matchId)).current();
  const removed = new Set(
    cached.ruleset
      .roster(cached.state)
      .filter((row) => row.status === 'removed')
      .map((row) => row.unitId),
  );
  for (const view of Object.values(views)) {
    for (const template of [...view.awaiting, ...view.available]) {
      if (template.unitId !== undefined && removed.has(template.unitId)) {
        fail(step, `removed unit ${template.unitId} is offered ${template.action}`);
      }
    }
  }
  // Morale stays within its bounds (a ruleset that has morale says so in its state's parameters).
  const state = views.judge.state;
  const bounds = state?.parameters?.morale;
  if (bounds && typeof bounds.min === 'number') {
    for (const unit of Object.values<any>(state.units ?? {})) {
      if (
        typeof unit.baseMorale === 'number' &&
        (unit.baseMorale < bounds.min || unit.baseMorale > bounds.max)
      ) {
        fail(step, `unit ${unit.unitId} has morale ${unit.baseMorale} outside ${bounds.min}–${bounds.max}`);
      }
    }
  }
  // The cached aggregate equals a fresh fold of the stored log (C-3), keeping the backups' targets:
  // every few steps and at the end, as a whole fold costs the match's length.
  if (!final && step % 8 !== 0) return;
  const store = app.get<EventStore>(EVENT_STORE);
  const events = await store.readStream(matchStream(matchId));
  const retain = events.flatMap((event) =>
    isMatchLevel(event, 'ActionsReverted') ? [event.data.toRevision] : [],
  );
  const aggregate = await aggregates.current(matchId);
  const folded = new MatchFold(aggregate.ruleset, { retain, matchRules: aggregate.matchRules });
  for (const event of events) folded.apply(event);
  if (
    JSON.stringify(cached.state) !== JSON.stringify(folded.state) ||
    JSON.stringify(cached.meta) !== JSON.stringify(folded.meta)
  ) {
    fail(step, 'the cached aggregate differs from a fresh fold of the log');
  }
}
