import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { REPO_ROOT, runNode, umpire } from './support/cli.js';
import { closeCombat, shootingTests, zuluCharge } from './support/match-log.js';
import { readFileSync } from 'node:fs';
import { parseNdjson } from '../../src/audit/export-format.js';
import { currentMatchRules } from '../../src/rulesets/registry.js';
import { edit, remove, renameConsistently, renameRules, swap, toNdjsonText } from './support/tamper.js';

/**
 * `umpire verify` as a real child process on exported files: no server, no database. The logs come
 * from the real command runner (test/audit/support/match-log.ts); the e2e suite runs it on exports of
 * the real service too.
 */
describe('umpire verify FILE (offline)', () => {
  let dir: string;
  let hh: ExportedEvent[];
  let aa: ExportedEvent[];
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  /** The service's signed checkpoint of a log's last event, as an export closes with it. */
  const closingOf = (events: readonly ExportedEvent[]) => {
    const last = events[events.length - 1]!.metadata;
    return signCheckpoint(
      { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: '2026-01-01T01:00:00.000Z' },
      privateKey,
    );
  };
  /** An export as the service writes it, closing with its signed head (`closingFrom`'s, if given). */
  const exported = (name: string, events: readonly ExportedEvent[], closingFrom = events) =>
    file(name, toNdjsonText(events, closingOf(closingFrom)));
  let key: string;
  /** `umpire verify FILE --public-key KEY …`: the published key, as a verifier should always give it. */
  const verify = (path: string, ...args: string[]) => umpire('verify', path, '--public-key', key, ...args);
  const failedAt = (revision: number, ruleId: string) =>
    `FAILED: the first discrepancy is at event ${revision}, rule ${ruleId}:`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-cli-'));
    hh = await (await zuluCharge({ end: true })).events();
    aa = await (await closeCombat()).events();
    key = file('service-key.json', JSON.stringify(publicKeyDocument(publicKey)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('C-3 an untouched export verifies: exit 0, and it says what it checked', async () => {
    const run = await verify(exported('ok.ndjson', hh));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/closing {7}ok: event 11 .* the last event of the file, signature valid/);
    expect(run.stdout).toContain('chain         ok: intact: 11 events');
    expect(run.stdout).toContain('outcomes      ok: 8 commands decided again');
    expect(run.stdout).toContain('server rolls  -: table dice');
    expect(run.stdout).toContain('VERIFIED: every check holds');
  });

  it('C-3 HH-3 AA-2 each tampered export exits 1 and names the event and the rule', async () => {
    const cases: [name: string, events: ExportedEvent[], revision: number, ruleId: string][] = [
      ['face', edit(hh, 8, (e) => (e.data.roll.faces = [1, 1])), 8, 'C-3'],
      ['outcome', edit(hh, 8, (e) => (e.data.outcome = 'retreat'), { rechain: true }), 8, 'HH-3'],
      ['impact', edit(hh, 7, (e) => ((e.data.impact = 5), (e.data.total = 5)), { rechain: true }), 7, 'HH-7'],
      ['removed', remove(hh, 5), 5, 'C-3'],
      ['swapped', swap(hh, 7, 8), 7, 'C-3'],
      [
        'reveal',
        edit(aa, 12, (e) => (e.data.card = { rank: '7', suit: 'hearts' }), { rechain: true }),
        12,
        'AA-2',
      ],
    ];
    // Each forged file keeps the closing checkpoint the service signed over the untouched log.
    const runs = await Promise.all(
      cases.map(([name, events]) => verify(exported(`${name}.ndjson`, events, name === 'reveal' ? aa : hh))),
    );
    runs.forEach((run, i) => {
      const [name, , revision, ruleId] = cases[i]!;
      expect({ name, code: run.code }).toEqual({ name, code: 1 });
      expect(run.stdout).toContain(failedAt(revision, ruleId));
    });
  });

  it('C-2 server dice before the end: not checkable yet, and that is no failure', async () => {
    const log = await (await shootingTests({ rolls: 2 })).events();
    const run = await verify(exported('pending.ndjson', log));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('server rolls  not yet checkable: 2 server rolls cannot be checked yet');
  });

  describe('with a checkpoint and the public key', () => {
    const keep = (events: readonly ExportedEvent[], revision: number) =>
      signCheckpoint(
        {
          stream: events[0]!.metadata.stream,
          revision,
          hash: events[revision - 1]!.metadata.hash,
          signedAt: '2026-01-01T00:00:00.000Z',
        },
        privateKey,
      );

    it('C-3 a checkpoint that still holds: exit 0, signature valid (key as the /audit/public-key JSON, PEM or JWK)', async () => {
      const checkpoint = file('checkpoint.json', JSON.stringify(keep(hh, 10)));
      const document = publicKeyDocument(publicKey);
      const keys = [
        file('key.json', JSON.stringify(document)),
        file('key.pem', document.pem),
        file('key.jwk', JSON.stringify(document.jwk)),
      ];
      const log = exported('kept.ndjson', hh);
      for (const run of await Promise.all(
        keys.map((key) => umpire('verify', log, '--checkpoint', checkpoint, '--public-key', key)),
      )) {
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/checkpoint {4}ok: event 10 .* still in the log, signature valid/);
      }
    });

    it('C-3 a log rewritten with its whole chain recomputed (and no closing checkpoint, which only the service can sign): only a kept checkpoint names the rewrite', async () => {
      const rewritten = file('rewritten.ndjson', toNdjsonText(renameConsistently(hh, 2, 'Zulu impi')));
      const checkpoint = file('older.json', JSON.stringify(keep(hh, 10)));
      const [alone, checked] = await Promise.all([
        umpire('verify', rewritten, '--allow-unsigned'),
        verify(rewritten, '--checkpoint', checkpoint),
      ]);
      // Accepted without a closing checkpoint, the rewrite verifies, and the report says why it could.
      expect(alone.code).toBe(0);
      expect(alone.stdout).toContain('VERIFIED the log only (--allow-unsigned)');
      expect(alone.stdout).toContain('a file cut short at the end would verify too');
      expect(alone.stdout).toContain('could have rewritten the log whole, recomputing every hash');
      expect(checked.code).toBe(1);
      expect(checked.stdout).toContain(failedAt(10, 'C-3'));
      expect(checked.stdout).toContain('was rewritten since');
    });

    it('C-3 a checkpoint signed by another key fails; without --public-key nothing is VERIFIED unless --allow-unsigned', async () => {
      const checkpoint = file('mine.json', JSON.stringify(keep(hh, 6)));
      const stranger = file('stranger.pem', publicKeyDocument(generateKeyPairSync('ed25519').publicKey).pem);
      const log = exported('plain.ndjson', hh);
      const [wrongKey, noKey, allowed, json] = await Promise.all([
        umpire('verify', log, '--checkpoint', checkpoint, '--public-key', stranger),
        umpire('verify', log, '--checkpoint', checkpoint),
        umpire('verify', log, '--checkpoint', checkpoint, '--allow-unsigned'),
        umpire('verify', log, '--json'),
      ]);
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stdout).toContain('signature invalid');
      // The kept checkpoint and the export's closing one: two signatures nobody checked.
      expect(noKey.code).toBe(3);
      expect(noKey.stdout).toContain('signature NOT checked (no --public-key): unverified');
      expect(noKey.stdout).not.toMatch(/^VERIFIED/m);
      expect(noKey.stdout).toMatch(/^NOT VERIFIED: .*2 checkpoint signatures were not checked/m);
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toMatch(
        /^VERIFIED the log only \(--allow-unsigned\): 2 checkpoint signatures were not checked/m,
      );
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout).checked.checkpoints).toMatchObject({
        ok: true,
        unverifiedSignatures: 1,
      });
    });
  });

  it('--json prints the whole report', async () => {
    const run = await verify(exported('json.ndjson', aa), '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      checked: { reveals: { reveals: 2, verified: 2 }, outcomes: { events: 17 } },
      rules: {
        ruleset: aa[0]!.metadata.ruleset,
        replay: 'same-code',
        matchRules: { recorded: currentMatchRules.version, replay: 'same-code' },
      },
    });
  });

  describe('one line names the rules the log was replayed with', () => {
    const rulesLine = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('  rules '));
    const short = (hash: string) => `${hash.slice(0, 8)}…`;

    it('C-3 a current export: the version and hash it records, match rules as recorded, the same code', async () => {
      const { version, hash } = hh[0]!.metadata.ruleset!;
      const run = await verify(exported('rules-current.ndjson', hh));
      expect(run.code).toBe(0);
      expect(rulesLine(run.stdout)).toEqual([
        `  rules         hand-to-hand ${version} (hash ${short(hash)}), match rules ${currentMatchRules.version}, replayed with the same code`,
      ]);
    });

    it('C-3 a version-1 log: hand-to-hand 1.0.0, match rules not recorded and 1.0.0 assumed', async () => {
      const old = parseNdjson(
        readFileSync(new URL('./fixtures/hand-to-hand-1.0.0.ndjson', import.meta.url), 'utf8'),
      );
      const run = await verify(exported('rules-v1.ndjson', old));
      expect(run.code).toBe(0);
      expect(rulesLine(run.stdout)).toEqual([
        `  rules         hand-to-hand 1.0.0 (hash ${short(old[0]!.metadata.ruleset!.hash)}), match rules not recorded (the log predates them: 1.0.0 assumed), replayed with the same code`,
      ]);
    });

    it('C-3 an unknown ruleset version or a wrong hash: exit 1, and the line says it was not the same code', async () => {
      const unknown = renameRules(hh, (ruleset) => (ruleset.version = '9.0.0'));
      const wrong = renameRules(hh, (ruleset) => (ruleset.hash = 'f'.repeat(64)));
      const [u, w] = await Promise.all([
        verify(exported('rules-unknown.ndjson', unknown)),
        verify(exported('rules-hash.ndjson', wrong)),
      ]);
      expect([u.code, w.code]).toEqual([1, 1]);
      expect(rulesLine(u.stdout)).toEqual([
        `  rules         hand-to-hand 9.0.0 (hash ${short(hh[0]!.metadata.ruleset!.hash)}), match rules ${currentMatchRules.version}, NOT replayed with the same code: this verifier does not know hand-to-hand 9.0.0`,
      ]);
      expect(u.stdout).toContain('hand-to-hand 9.0.0, which this verifier does not know');
      const { version, hash } = hh[0]!.metadata.ruleset!;
      expect(rulesLine(w.stdout)).toEqual([
        `  rules         hand-to-hand ${version} (hash ffffffff…), match rules ${currentMatchRules.version}, NOT replayed with the same code: hand-to-hand ${version} here gives hash ${short(hash)} for the match's parameters`,
      ]);
      expect(w.stdout).toMatch(/discrepancy {3}event 1 C-3 \[outcomes\]: .*ruleset\.hash/);
    });
  });

  it('bad usage or an unreadable file exits 2 and says why', async () => {
    const runs = await Promise.all([
      umpire(),
      umpire('verify'),
      umpire('verify', join(dir, 'missing.ndjson')),
      umpire('verify', exported('x.ndjson', hh), '--frobnicate'),
      umpire(
        'verify',
        exported('y.ndjson', hh),
        '--checkpoint',
        file('bad-checkpoint.json', '{"checkpoint":{}}'),
      ),
      umpire('launch'),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(runs[1]!.stderr).toContain('FILE is missing');
    expect(runs[2]!.stderr).toContain('cannot read export');
    expect(runs[3]!.stderr).toContain('unknown option --frobnicate');
    expect(runs[4]!.stderr).toContain('checkpoint.stream is missing');
    expect(runs[5]!.stderr).toContain('unknown command launch');
    const help = await umpire('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: umpire verify FILE');
    // Seven processes started through tsx at once: on a loaded two-core machine they need more than 30 s.
  }, 120_000);

  it('the bin launcher says to build first when dist/ is missing', async () => {
    const copy = join(dir, 'package');
    mkdirSync(join(copy, 'bin'), { recursive: true });
    copyFileSync(join(REPO_ROOT, 'bin', 'umpire.js'), join(copy, 'bin', 'umpire.js'));
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
    const run = await runNode([join(copy, 'bin', 'umpire.js'), 'verify', 'x'], copy);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('npm run build');
  });
});

describe('umpire verify: an export cut short, or with events added, no longer verifies', () => {
  let dir: string;
  let hh: ExportedEvent[];
  let key: string;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const closingOf = (events: readonly ExportedEvent[]) => {
    const last = events[events.length - 1]!.metadata;
    return signCheckpoint(
      { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: '2026-01-01T01:00:00.000Z' },
      privateKey,
    );
  };
  const verify = (path: string, ...args: string[]) => umpire('verify', path, '--public-key', key, ...args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-cli-cut-'));
    hh = await (await zuluCharge({ end: true })).events();
    key = file('key.json', JSON.stringify(publicKeyDocument(publicKey)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('C-3 the last commands cut off with the closing checkpoint: the checkpoint is missing', async () => {
    const run = await verify(file('cut.ndjson', toNdjsonText(hh.slice(0, 7))));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'FAILED: the first discrepancy is at event 8, rule C-3: the export ends at event 7 without the signed checkpoint',
    );
    expect(run.stdout).toContain('it may have been cut short');
  });

  it('C-3 the last commands cut off, the closing checkpoint kept: it covers an event the file no longer holds', async () => {
    const run = await verify(file('cut-kept.ndjson', toNdjsonText(hh.slice(0, 7), closingOf(hh))));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /FAILED: the first discrepancy is at event 11, rule C-3: .*closing checkpoint.* covers event 11, but the log ends at event 7: events were removed/,
    );
  });

  it('C-3 events added before the closing checkpoint: it no longer covers the last event', async () => {
    const run = await verify(file('added.ndjson', toNdjsonText(hh, closingOf(hh.slice(0, 10)))));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'FAILED: the first discrepancy is at event 11, rule C-3: the export’s closing checkpoint covers event 10, its last, but the file goes on to event 11: events were added after the export',
    );
  });

  it('C-3 a closing checkpoint altered by hand fails its signature', async () => {
    const closing = closingOf(hh);
    const forged = {
      ...closing,
      checkpoint: { ...closing.checkpoint, signedAt: '2027-01-01T00:00:00.000Z' },
    };
    const run = await verify(file('altered.ndjson', toNdjsonText(hh, forged)));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('closing       FAILED: event 11');
    expect(run.stdout).toContain('signature invalid');
  });

  it('C-3 an event after the closing checkpoint: FAILED (exit 1), naming the line', async () => {
    const text = toNdjsonText(hh.slice(0, 10), closingOf(hh.slice(0, 10))) + JSON.stringify(hh[10]) + '\n';
    const run = await verify(file('after.ndjson', text));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('line 12: the closing checkpoint must be the last line of an export');
    expect(run.stdout).toMatch(/^FAILED: .*after\.ndjson line 12 does not read as an export line/m);
  });
});
