import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LongWorkBudget } from '../../src/audit/long-work-budget.js';
import { linkHash } from '../../src/audit/chain-walk.js';
import {
  parsePublicKey,
  publicKeyDocument,
  type SignedCheckpoint,
  signCheckpoint,
} from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { verifyTournamentExport } from '../../src/audit/tournament-export-verifier.js';
import { canonicalEnvelope } from '../../src/event-store/canonical-json.js';
import { fold } from '../../src/rules/common/decider.js';
import { currentMatchRules, currentRuleset } from '../../src/rulesets/registry.js';
import {
  TOURNAMENT_RULES_VERSION,
  tournamentDecider,
  type TournamentEvent,
} from '../../src/rules/tournament/index.js';
import { tournamentSummary } from '../../src/tournament/tournament-summary.js';
import { runNode, umpire } from '../audit/support/cli.js';
import { buildVerifyPackage } from '../audit/support/verify-package.js';
import { endMatch, playE1, seated } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import request from 'supertest';
import { Caller, ORGANISER_KEY, organiser } from './support/umpire-client.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- lines of the export are edited field by field */

/**
 * A tournament export verifies offline like a match's, with `umpire verify FILE` and with the
 * packages/verify CLI built on its own: every match's chain, outcomes and checkpoint, the tournament
 * stream's chain and checkpoint, the summary and standings recomputed from its events, and each
 * result a referee match reported against that match's MatchEnded. One byte changed is reported.
 */
describe('a tournament export verified offline', () => {
  let t: TestApp;
  let dir: string;
  let text: string;
  const T = 'export-cup';

  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-tournament-export-'));
    const event = await smallEvent(t, T);
    const { org, players, at } = event;
    await startFirstRound(event);
    // Table 1 is a referee match, played and ended by the judge; table 2 reported and confirmed.
    await org.command(`/tournaments/${T}/matches`, {
      matchId: 'export-r1-t1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const { A, B } = await seated(t, 'export-r1-t1');
    await playE1('export-r1-t1', A, B);
    await endMatch(t, 'export-r1-t1', 'A', 'the square broke');
    await players.get('p4')!.command(at(1, 2, 'report'), { outcome: 'B' });
    await players.get('p2')!.command(at(1, 2, 'confirm'));
    const exported = await org.get(`/tournaments/${T}/export`);
    expect(exported.status).toBe(200);
    text = exported.text ?? '';
    writeFileSync(join(dir, 'key.json'), JSON.stringify((await org.get('/audit/public-key')).body));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, content: string): string => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };

  it('umpire verify recognises the tournament export and verifies it: exit 0, VERIFIED', async () => {
    const summary = JSON.parse(text.split('\n')[0]!);
    expect(summary.rounds[0].status).toBe('closed');
    expect(summary.rounds[0].pairings[0]).toMatchObject({ result: { outcome: 'A', source: 'referee' } });
    const run = await umpire('verify', write('cup.ndjson', text), '--public-key', join(dir, 'key.json'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`tournament    ${T}`);
    expect(run.stdout).toContain('closing       verified');
    expect(run.stdout).toContain('summary       matches the events');
    expect(run.stdout).toContain('results       1 reported by referee matches');
    expect(run.stdout).toContain(`rules         tournament rules ${TOURNAMENT_RULES_VERSION}\n`);
    expect(run.stdout).toMatch(/match {9}ok: export-r1-t1, \d+ events, verified/);
    // Each match names the rules its log was replayed with, on the line after it.
    const ruleset = currentRuleset('hand-to-hand')!.version;
    expect(run.stdout).toMatch(
      new RegExp(
        `match {9}ok: export-r1-t1, .*\n {4}rules {7}hand-to-hand ${ruleset} \\(hash [0-9a-f]{8}…\\), match rules ${currentMatchRules.version}, replayed with the same code\n`,
      ),
    );
    expect(run.stdout.trim().split('\n').at(-1)).toBe('VERIFIED: every check holds');

    // Without the key nothing is said of the signatures: exit 3, unless the logs alone are accepted.
    const unsigned = await umpire('verify', join(dir, 'cup.ndjson'));
    expect(unsigned.code).toBe(3);
    expect(unsigned.stdout).toContain(
      'NOT VERIFIED: the checks hold, but 2 checkpoint signatures were not checked',
    );
    expect((await umpire('verify', join(dir, 'cup.ndjson'), '--allow-unsigned')).code).toBe(0);
    const json = await umpire(
      'verify',
      join(dir, 'cup.ndjson'),
      '--public-key',
      join(dir, 'key.json'),
      '--json',
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      tournamentId: T,
      tournament: { ok: true, checkpoint: 'verified' },
      matches: [
        {
          matchId: 'export-r1-t1',
          ok: true,
          rules: {
            ruleset: { id: 'hand-to-hand', version: currentRuleset('hand-to-hand')!.version },
            replay: 'same-code',
            matchRules: { recorded: currentMatchRules.version, replay: 'same-code' },
          },
        },
      ],
      problems: [],
    });
  });

  it('one byte changed, in a match or in the tournament stream, is reported: exit 1', async () => {
    const inMatch = text.replace('the square broke', 'the square brake');
    expect(inMatch).not.toBe(text);
    const run = await umpire(
      'verify',
      write('match-byte.ndjson', inMatch),
      '--public-key',
      join(dir, 'key.json'),
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/match {9}FAILED: export-r1-t1/);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^FAILED: match export-r1-t1: /);

    const inTournament = text.replace('"confirmedBy":"p2"', '"confirmedBy":"p3"');
    expect(inTournament).not.toBe(text);
    const again = await umpire(
      'verify',
      write('tournament-byte.ndjson', inTournament),
      '--public-key',
      join(dir, 'key.json'),
    );
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/chain {9}broken at revision \d+: hash does not match/);
  });

  /**
   * The export as a forger holding a signing key would remake it: each event of the tournament's
   * stream changed, its chain and summary recomputed, every checkpoint signed again.
   */
  function forge(change: (event: ExportedEvent) => void): { forged: string; forgedKey: string } {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const lines = text.trim().split('\n');
    const streams = new Map<string, ExportedEvent[]>();
    for (const line of lines.slice(1)) {
      const value = JSON.parse(line);
      if (!('checkpoint' in value))
        streams.set(value.metadata.stream, [...(streams.get(value.metadata.stream) ?? []), value]);
    }
    const own = streams.get(`tournament-${T}`)!;
    let prevHash = own[0]!.metadata.prevHash;
    for (const event of own) {
      change(event);
      event.metadata.prevHash = prevHash;
      event.metadata.hash = linkHash(prevHash, canonicalEnvelope(event));
      prevHash = event.metadata.hash;
    }
    const state = fold(tournamentDecider, own as unknown as TournamentEvent[]);
    if (!state.created) throw new Error('the tournament stream does not create it');
    const summary = tournamentSummary(state, JSON.parse(lines[0]!).exportedAt);
    const closing = (events: ExportedEvent[]): SignedCheckpoint => {
      const { stream, revision, hash } = events[events.length - 1]!.metadata;
      return signCheckpoint({ stream, revision, hash, signedAt: '2026-11-30T20:00:00.000Z' }, privateKey);
    };
    const forged =
      [
        JSON.stringify(summary),
        ...[...streams.values()].flatMap((events) => [
          ...events.map((e) => JSON.stringify(e)),
          JSON.stringify(closing(events)),
        ]),
      ].join('\n') + '\n';
    return { forged, forgedKey: write('forged-key.json', JSON.stringify(publicKeyDocument(publicKey))) };
  }

  it('a result that disagrees with its match’s MatchEnded is reported, even with every chain and signature redone', async () => {
    // A forger holding a signing key: the referee result turned round, the tournament chain and
    // summary recomputed, every checkpoint signed again. Only the match's own log still says A.
    const { forged, forgedKey } = forge((event) => {
      if (event.type === 'RefereeResultRecorded') (event.data as any).outcome = 'B';
    });
    const run = await umpire('verify', write('forged.ndjson', forged), '--public-key', forgedKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('summary       matches the events');
    expect(run.stdout).toContain(
      'match         FAILED: export-r1-t1, 11 events, the tournament recorded round 1 table 1 as B, but the match ended A',
    );
  });

  it('C-3 a tournament recorded under tournament rules this verifier does not have is not counted again, and fails', async () => {
    const { forged, forgedKey } = forge((event) => {
      if (event.type === 'TournamentCreated') (event.data as any).rulesVersion = '9.0.0';
    });
    const run = await umpire('verify', write('other-rules.ndjson', forged), '--public-key', forgedKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'rules         tournament rules 9.0.0, which this verifier does not have (it has 1.0.0): verify it with a build that serves them',
    );
    expect(run.stdout).toContain(
      'summary       not recomputed: the tournament was played under tournament rules 9.0.0',
    );
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^FAILED: tournament: /);
  });

  it('a file cut short, a match left out, or a match added is reported', async () => {
    const publicKey = parsePublicKey(readFileSync(join(dir, 'key.json'), 'utf8'));
    expect(verifyTournamentExport(text, publicKey)).toMatchObject({ ok: true, problems: [] });
    const lines = text.trim().split('\n');
    const isMatchLine = (line: string) => line.includes('"stream":"match-export-r1-t1"');

    const cut = lines.slice(0, -1).join('\n') + '\n';
    const cutReport = verifyTournamentExport(cut, publicKey);
    expect(cutReport.ok).toBe(false);
    expect(cutReport.problems[0]).toMatch(/^match export-r1-t1: /);

    // The match's envelopes and its closing checkpoint (which names its stream too).
    const matchSection = lines.filter(isMatchLine);
    const withoutMatch = lines.filter((line) => !isMatchLine(line)).join('\n');
    expect(verifyTournamentExport(withoutMatch, publicKey).problems).toContain(
      'match export-r1-t1 is scheduled but its events are missing',
    );

    const twice = [...lines, ...matchSection].join('\n');
    expect(verifyTournamentExport(twice, publicKey).problems).toContain(
      "match export-r1-t1's events appear twice",
    );

    const foreign = [
      ...lines,
      ...matchSection.map((line) => line.replaceAll('match-export-r1-t1', 'match-elsewhere')),
    ].join('\n');
    expect(verifyTournamentExport(foreign, publicKey).problems).toContain(
      'match elsewhere is not one the tournament scheduled',
    );
  });

  it('the packages/verify CLI, built and run on its own, verifies the same export', async () => {
    const { bin } = await buildVerifyPackage(dir);
    const run = await runNode([bin, join(dir, 'cup.ndjson'), '--public-key', join(dir, 'key.json')], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('VERIFIED: every check holds');
    const broken = await runNode(
      [bin, join(dir, 'match-byte.ndjson'), '--public-key', join(dir, 'key.json')],
      dir,
    );
    expect(broken.code).toBe(1);
  }, 120_000);

  it('the export is a long read: within the key’s budget, 429 while the key has another running', async () => {
    const issued = await organiser(t).post('/keys', { role: 'judge', tournamentId: T });
    expect(issued.status).toBe(201);
    const judge = new Caller(t.url, issued.body.token);
    // The key has another long read running (held here, as a verification would hold it).
    const release = t.app.get(LongWorkBudget).take(issued.body.keyId, 'a verification');
    try {
      const refused = await judge.get(`/tournaments/${T}/export`);
      expect(refused.status).toBe(429);
    } finally {
      release();
    }
    const allowed = await judge.get(`/tournaments/${T}/export`);
    expect(allowed.status).toBe(200);
    expect(allowed.text?.split('\n').length).toBe(text.split('\n').length);
    // Released once the export was sent: the key may export again at once.
    expect((await judge.get(`/tournaments/${T}/export`)).status).toBe(200);
  });

  it('the export carries a weak ETag: 304 while nothing of the tournament or its matches changed, a new file once it has', async () => {
    const get = (etag?: string) => {
      const asked = request(t.url)
        .get(`/tournaments/${T}/export`)
        .set('Authorization', `Bearer ${ORGANISER_KEY}`);
      return etag ? asked.set('If-None-Match', etag) : asked;
    };
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // A late arrival registers: the tournament's stream moves on, and so does the export.
    await organiser(t).command(`/tournaments/${T}/participants`, { name: 'Late Lu', seed: 99 });
    const moved = await get(etag);
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(moved.text.split('\n').length).toBe(text.split('\n').length + 1);
  });
});
