import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { EXIT_DISCREPANCY, main } from '../../src/cli/verify-command.js';
import { umpire } from './support/cli.js';
import { zuluCharge } from './support/match-log.js';
import { toNdjsonText } from './support/tamper.js';

/**
 * One byte of an export changed, anywhere, as a new user would try it: whatever the byte breaks (a
 * hash, a signature, the JSON of a line), the verifier says FAILED and exits 1, never 2 (which says
 * the command was misused) and never 0. A script that treats exit 1 as tampering catches them all.
 */
describe('umpire verify: one byte changed anywhere in an export', () => {
  let dir: string;
  let text: Buffer;
  let key: string;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = (name: string, content: string | Buffer): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  /** The verifier in this process: the same command as the bin, its output kept. */
  const verifyHere = async (path: string, ...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['verify', path, '--public-key', key, ...args], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-cli-bytes-'));
    const events: ExportedEvent[] = await (await zuluCharge({ end: true })).events();
    const last = events[events.length - 1]!.metadata;
    const closing = signCheckpoint(
      { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: '2026-01-01T01:00:00.000Z' },
      privateKey,
    );
    text = Buffer.from(toNdjsonText(events, closing));
    key = file('key.json', JSON.stringify(publicKeyDocument(publicKey)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('C-3 the untouched export verifies (exit 0)', async () => {
    expect((await verifyHere(file('untouched.ndjson', text))).code).toBe(0);
  });

  it('C-3 each of 60 seeded one-byte changes is FAILED with exit 1; a line that no longer parses is named', async () => {
    let state = 2026;
    const random = (below: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor((state / 2147483648) * below);
    };
    const lineOf = (offset: number) => text.subarray(0, offset).filter((b) => b === 10).length + 1;
    let unparsable = 0;
    for (let trial = 0; trial < 60; trial++) {
      const changed = Buffer.from(text);
      const at = random(changed.length);
      // Printable ASCII and the newline: what a hand edit or a slip of a tool puts in.
      const choices = [10, ...Array.from({ length: 95 }, (_, i) => 32 + i)].filter((b) => b !== changed[at]);
      changed[at] = choices[random(choices.length)]!;
      const run = await verifyHere(file(`changed-${trial}.ndjson`, changed));
      const what = `byte ${at} (line ${lineOf(at)}) set to ${JSON.stringify(String.fromCharCode(changed[at]!))}`;
      expect({ what, code: run.code }).toEqual({ what, code: EXIT_DISCREPANCY });
      expect(run.stdout).toMatch(/^FAILED: /m);
      expect(run.stderr).toBe('');
      if (/does not read as an export line/.test(run.stdout)) {
        unparsable += 1;
        expect(run.stdout).toMatch(/line \d+ does not read as an export line/);
      }
    }
    // The seed is chosen so that some changes break a line's JSON, the case that exited 2.
    expect(unparsable).toBeGreaterThan(0);
  });

  it('C-3 as a real process: a line that is not JSON is FAILED, exit 1, naming the line; --json says so too', async () => {
    const lines = text.toString('utf8').split('\n');
    lines[3] = lines[3]!.replace('{', '');
    const path = file('broken-line.ndjson', lines.join('\n'));
    const run = await umpire('verify', path, '--public-key', key);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('format        FAILED: line 4: not JSON');
    expect(run.stdout).toMatch(/^FAILED: .*broken-line\.ndjson line 4 does not read as an export line/m);
    expect(run.stderr).not.toContain('usage:');
    const json = await verifyHere(path, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      unreadableLine: { line: 4, message: 'line 4: not JSON' },
    });
    expect(json.stderr).toMatch(/^FAILED: /);
    // A file that is no export at all is no misuse either: it does not verify.
    const garbage = await umpire('verify', file('garbage.ndjson', 'not json\n'), '--public-key', key);
    expect(garbage.code).toBe(1);
    expect(garbage.stdout).toContain('line 1: not JSON');
  }, 60_000);
});
