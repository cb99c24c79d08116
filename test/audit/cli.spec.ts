import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { REPO_ROOT, runNode, umpire } from './support/cli.js';
import { closeCombat, shootingTests, zuluCharge } from './support/match-log.js';
import { edit, remove, swap, toNdjsonText } from './support/tamper.js';

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
  const exported = (name: string, events: readonly ExportedEvent[]) => file(name, toNdjsonText(events));
  const failedAt = (revision: number, ruleId: string) =>
    `FAILED: the first discrepancy is at event ${revision}, rule ${ruleId}:`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-cli-'));
    hh = await (await zuluCharge({ end: true })).events();
    aa = await (await closeCombat()).events();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('C-3 an untouched export verifies: exit 0, and it says what it checked', async () => {
    const run = await umpire('verify', exported('ok.ndjson', hh));
    expect(run.code).toBe(0);
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
    const runs = await Promise.all(
      cases.map(([name, events]) => umpire('verify', exported(`${name}.ndjson`, events))),
    );
    runs.forEach((run, i) => {
      const [name, , revision, ruleId] = cases[i]!;
      expect({ name, code: run.code }).toEqual({ name, code: 1 });
      expect(run.stdout).toContain(failedAt(revision, ruleId));
    });
  });

  it('C-2 server dice before the end: not checkable yet, and that is no failure', async () => {
    const log = await (await shootingTests({ rolls: 2 })).events();
    const run = await umpire('verify', exported('pending.ndjson', log));
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

    it('C-3 a log rewritten with its whole chain recomputed: only the checkpoint catches it', async () => {
      const rewritten = exported(
        'rewritten.ndjson',
        edit(hh, 2, (e) => (e.data.name = 'Zulu impi'), { rechain: true }),
      );
      const checkpoint = file('older.json', JSON.stringify(keep(hh, 10)));
      const key = file('key-2.json', JSON.stringify(publicKeyDocument(publicKey)));
      const [alone, checked] = await Promise.all([
        umpire('verify', rewritten),
        umpire('verify', rewritten, '--checkpoint', checkpoint, '--public-key', key),
      ]);
      expect(alone.code).toBe(0);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toContain(failedAt(10, 'C-3'));
      expect(checked.stdout).toContain('was rewritten since');
    });

    it('C-3 a checkpoint signed by another key fails; without --public-key the signature is said unchecked', async () => {
      const checkpoint = file('mine.json', JSON.stringify(keep(hh, 6)));
      const stranger = file('stranger.pem', publicKeyDocument(generateKeyPairSync('ed25519').publicKey).pem);
      const log = exported('plain.ndjson', hh);
      const [wrongKey, noKey] = await Promise.all([
        umpire('verify', log, '--checkpoint', checkpoint, '--public-key', stranger),
        umpire('verify', log, '--checkpoint', checkpoint),
      ]);
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stdout).toContain('signature invalid');
      expect(noKey.code).toBe(0);
      expect(noKey.stdout).toContain('signature NOT checked (no --public-key)');
    });
  });

  it('--json prints the whole report', async () => {
    const run = await umpire('verify', '--json', exported('json.ndjson', aa));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      checked: { reveals: { reveals: 2, verified: 2 }, outcomes: { events: 17 } },
    });
  });

  it('bad usage or an unreadable file exits 2 and says why', async () => {
    const runs = await Promise.all([
      umpire(),
      umpire('verify'),
      umpire('verify', join(dir, 'missing.ndjson')),
      umpire('verify', file('garbage.ndjson', 'not json\n')),
      umpire('verify', exported('x.ndjson', hh), '--frobnicate'),
      umpire(
        'verify',
        exported('y.ndjson', hh),
        '--checkpoint',
        file('bad-checkpoint.json', '{"checkpoint":{}}'),
      ),
      umpire('launch'),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(runs[1]!.stderr).toContain('FILE is missing');
    expect(runs[2]!.stderr).toContain('cannot read export');
    expect(runs[3]!.stderr).toContain('line 1: not JSON');
    expect(runs[4]!.stderr).toContain('unknown option --frobnicate');
    expect(runs[5]!.stderr).toContain('checkpoint.stream is missing');
    expect(runs[6]!.stderr).toContain('unknown command launch');
    const help = await umpire('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: umpire verify FILE');
  });

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
