import { createHash, createHmac, createPublicKey, verify } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longMatch } from '../../bench/verify-match.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { openMatch } from '../e2e/support/umpire-client.js';
import { blockRunBy } from '../docs/support/doc-blocks.js';
import { runBash } from './support/cli.js';
import { SALT_A1, closeCombat, shootingTests } from './support/match-log.js';
import { buildVerifyPackage } from './support/verify-package.js';

/**
 * The "Recipes" of docs/verification.md, reimplemented from its words alone, with nothing but
 * node:crypto: no import of the service's hashing, dice, checkpoint or JSON code (the logs and the
 * signed checkpoint to check come from the service, through the test support and one signing call).
 * If a recipe on that page is wrong or vague, one of these fails.
 */

/** RFC 8785 as docs/verification.md states it: sorted by UTF-16 code units, strings and numbers as ECMAScript writes them. */
function jcs(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  const record = value as Record<string, unknown>;
  const names = Object.keys(record)
    .filter((name) => record[name] !== undefined)
    .sort((a, b) => {
      // Compare as sequences of UTF-16 code units, written out rather than trusting sort()'s default.
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const d = a.charCodeAt(i) - b.charCodeAt(i);
        if (d !== 0) return d;
      }
      return a.length - b.length;
    });
  return `{${names.map((name) => `${JSON.stringify(name)}:${jcs(record[name])}`).join(',')}}`;
}

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

interface Line {
  type: string;
  data: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as any JSON
  metadata: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as any JSON
}

/** The lines of an export, as a third party reads the file. */
const lines = (events: readonly object[]): Line[] =>
  events.map((event) => JSON.parse(JSON.stringify(event)) as Line);

describe('the verification recipes, reimplemented independently', () => {
  it('C-3 the event hash: SHA-256 of prevHash as 64 hex characters, then the canonical JSON of the event without its hash', async () => {
    const logs = [lines(await (await closeCombat()).events()), lines(longMatch(600).events)];
    for (const log of logs) {
      let prevHash = '0'.repeat(64);
      log.forEach((line, i) => {
        const { hash, ...withoutHash } = line.metadata;
        expect(line.metadata.revision).toBe(i + 1);
        expect(line.metadata.prevHash).toBe(prevHash);
        expect(prevHash).toMatch(/^[0-9a-f]{64}$/);
        const bytes = Buffer.concat([
          Buffer.from(prevHash, 'ascii'),
          Buffer.from(jcs({ type: line.type, data: line.data, metadata: withoutHash }), 'utf8'),
        ]);
        expect(sha256(bytes)).toBe(hash);
        prevHash = hash as string;
      });
    }
  });

  it('C-2 server dice: the commitment is SHA-256 of the 32 raw seed bytes; every roll is HMAC-SHA256 keyed with them, over "A|B:n"', async () => {
    for (const clientSeeds of [true, false]) {
      const log = lines(await (await shootingTests({ rolls: 6, clientSeeds, end: true })).events());
      const seed = Buffer.from(log.find((l) => l.type === 'MatchEnded')!.data.serverSeed as string, 'hex');
      expect(seed).toHaveLength(32);
      expect(sha256(seed)).toBe(log[0]!.data.diceCommitment);
      const seedOf = (side: 'A' | 'B') =>
        (log.find((l) => l.type === 'ClientSeedAdded' && l.data.side === side)?.data.seed as
          string | undefined) ?? '';
      const client = `${seedOf('A')}|${seedOf('B')}`;
      expect(client).toBe(clientSeeds ? 'alpha|beta' : '|');
      const rolls = log.filter((l) => l.data.roll?.origin === 'server').map((l) => l.data.roll);
      expect(rolls.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const roll of rolls) {
        const faces: number[] = [];
        for (let k = 0; faces.length < roll.faces.length; k++) {
          const message = k === 0 ? `${client}:${roll.index}` : `${client}:${roll.index}:${k}`;
          for (const b of createHmac('sha256', seed).update(message, 'utf8').digest()) {
            if (b >= 252) continue;
            faces.push((b % 6) + 1);
            if (faces.length === roll.faces.length) break;
          }
        }
        expect(faces).toEqual(roll.faces);
      }
      // The hex text as the key would be another recipe: it gives other faces.
      const wrong = createHmac('sha256', seed.toString('hex')).update(`${client}:1`).digest();
      expect(wrong.equals(createHmac('sha256', seed).update(`${client}:1`).digest())).toBe(false);
    }
  });

  it('C-2 dice of a long match, with undos, check out roll by roll from the recipe', () => {
    const { events, seed } = longMatch(1500, 'recipe-dice');
    const log = lines(events);
    const client = 'alpha|beta';
    let checked = 0;
    for (const line of log) {
      const roll = line.data.roll ?? line.data.willpower;
      if (!roll || roll.origin !== 'server') continue;
      const block = createHmac('sha256', seed).update(`${client}:${roll.index}`).digest();
      const faces = [...block]
        .filter((b) => b < 252)
        .map((b) => (b % 6) + 1)
        .slice(0, roll.faces.length);
      expect(faces).toEqual(roll.faces);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('AA-2 a sealed commitment is SHA-256 of "CODE|unitId|turn|salt"', async () => {
    const log = lines(await (await closeCombat()).events());
    const sealed = log.find((l) => l.type === 'OrderSealed' && l.data.unitId === 'a1')!;
    expect(sha256(Buffer.from(`7S|a1|2|${SALT_A1}`, 'utf8'))).toBe(sealed.data.commitment);
  });

  it('C-3 a checkpoint: Ed25519 over the canonical JSON of its four fields, base64; keyId is SHA-256 of the SPKI DER', async () => {
    // One call into the service's signer to get a checkpoint to check, as a player would keep one.
    const { signCheckpoint, publicKeyDocument } = await import('../../src/audit/checkpoint.js');
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const signed = JSON.parse(
      JSON.stringify(
        signCheckpoint(
          { stream: 'match-r1', revision: 12, hash: 'ab'.repeat(32), signedAt: '2026-11-30T09:32:19.000Z' },
          privateKey,
        ),
      ),
    );
    const document = JSON.parse(JSON.stringify(publicKeyDocument(publicKey)));
    const { stream, revision, hash, signedAt } = signed.checkpoint;
    const bytes = Buffer.from(jcs({ stream, revision, hash, signedAt }), 'utf8');
    expect(bytes.toString()).toBe(
      `{"hash":"${hash}","revision":12,"signedAt":"${signedAt}","stream":"match-r1"}`,
    );
    const signature = Buffer.from(signed.signature, 'base64');
    expect(signature).toHaveLength(64);
    for (const key of [
      createPublicKey(document.pem),
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: document.jwk.x }, format: 'jwk' }),
    ]) {
      expect(verify(null, bytes, key, signature)).toBe(true);
      expect(sha256(key.export({ type: 'spki', format: 'der' }))).toBe(signed.keyId);
    }
    expect(Buffer.from(document.jwk.x, 'base64url')).toHaveLength(32);
  });
});

/**
 * The offline verification example of docs/verification.md, run exactly as printed: its shell lines,
 * read from that page, in a folder laid out as a checkout after `npm run build` (packages/verify built there),
 * against the real service, with UMPIRE and KEY set as the page says. The first group of lines
 * (keep a checkpoint) runs during play, the second once the match has ended.
 */
describe("the verification page's offline example, as printed", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-docs-verify-'));
    await buildVerifyPackage(dir);
    // Two Vite builds and a declaration build: on a loaded two-core machine they take longer than 30 s.
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The verification page's sh block this test runs, as groups of lines parted by blank lines. */
  function exampleSteps(): string[] {
    const example = blockRunBy('docs/verification.md', 'test/audit/recipes.spec.ts');
    expect(example.text).toContain('packages/verify/dist/umpire-verify.js');
    return example.text.split(/\n\s*\n/).filter((step) => step.trim() !== '');
  }

  const shell = (script: string, env: Record<string, string>) => runBash(script, dir, env);

  it('C-3 export, kept checkpoint and public key: the printed lines verify the match (exit 0)', async () => {
    const steps = exampleSteps();
    expect(steps).toHaveLength(2);
    const m = await openMatch(t, { matchId: 'isandlwana', ruleset: 'hand-to-hand' });
    const at = (route: string) => `/matches/isandlwana/${route}`;
    await m.organiser.command(at('units'), { unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at('units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const env = { UMPIRE: t.url, KEY: m.A.token! };

    const kept = await shell(steps[0]!, env);
    expect(kept).toMatchObject({ code: 0, stderr: '' });

    await m.A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'downhill',
      dice: [2, 3],
    });
    await m.A.command(at('impact-rolls'), { chargeId: 'c1', dice: [4] });
    await m.organiser.command(at('end'), { winner: 'A' });
    const last = await m.revision();

    const run = await shell(steps[1]!, env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/checkpoint {4}ok: event 3 .* still in the log, signature valid/);
    expect(run.stdout).toMatch(
      new RegExp(`closing {7}ok: event ${last} .* the last event of the file, signature valid`),
    );
    expect(run.stdout).toContain('VERIFIED: every check holds');
  });
});
