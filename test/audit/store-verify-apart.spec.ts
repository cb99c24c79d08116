import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longMatch } from '../../bench/verify-match.js';
import { fill } from '../../bench/verify.bench.js';
import { signCheckpoint } from '../../src/audit/checkpoint.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { storePages } from '../../src/audit/store-pages.js';
import { verifyStoredStream } from '../../src/audit/store-verify.js';
import { STORE_VERIFY_WORKER_FROM_EVENTS, storeVerifyApart } from '../../src/audit/store-verify-apart.js';
import type { VerificationReport, VerifyOptions } from '../../src/audit/verifier.js';
import { verifyPages } from '../../src/audit/verify-pages.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { renameRules } from './support/tamper.js';

/**
 * On the SQLite store the route verifies a long stream whole on a worker thread with a
 * read-only connection of its own (src/workers/store-verify.ts), so that the service's event loop stays
 * free. Its report must be the very one the route makes in line, for an intact stream, a tampered
 * one, with kept checkpoints and the service's key; where the worker cannot run, the route verifies
 * in line.
 */
const SIZE = 1200;

describe('the route’s verification made whole on a worker thread (SQLite)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let n = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-store-verify-'));
    store = new SqliteEventStore({ file: join(dir, 'umpire.db'), synchronous: 'NORMAL' });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function stored(forge: (events: ExportedEvent[]) => ExportedEvent[] = (events) => events): {
    events: ExportedEvent[];
    seedHint: string;
    stream: string;
  } {
    n += 1;
    const { events: played, seed } = longMatch(SIZE, `store-verify-${n}`);
    const events = forge(played);
    fill(store, events);
    return { events, seedHint: seed.toString('hex'), stream: events[0]!.metadata.stream };
  }

  /** What the route made in line before the workers: pages read here, yielding between them. */
  const inLine = (stream: string, upTo: number, options: VerifyOptions): Promise<VerificationReport> =>
    verifyPages(() => storePages(store, stream, upTo), { ...options, yieldBetweenPages: true });

  async function onWorker(stream: string, upTo: number, options: VerifyOptions): Promise<VerificationReport> {
    const whole = storeVerifyApart(store, stream, upTo, options, 0);
    if (!whole) throw new Error('no worker for a SQLite file');
    const report = await whole();
    if (!report) throw new Error('the worker made no report');
    return report;
  }

  it('C-3 an intact stream, and the visible revision before its end: the worker’s report is the in-line one', async () => {
    const { events, seedHint, stream } = stored();
    for (const upTo of [events.length, 700]) {
      const inline = await inLine(stream, upTo, { seedHint });
      expect(inline.head?.revision).toBe(upTo);
      expect(inline.rules).toMatchObject({
        ruleset: events[0]!.metadata.ruleset,
        replay: 'same-code',
        matchRules: { recorded: null, replayedWith: '1.0.0', replay: 'assumed' },
      });
      expect(await onWorker(stream, upTo, { seedHint })).toEqual(inline);
    }
  }, 60_000);

  it.each([
    ['names a ruleset version this verifier does not know', '9.0.0', undefined, 'version-not-known'],
    ['records a wrong ruleset hash', undefined, 'f'.repeat(64), 'hash-mismatch'],
  ] as const)(
    'C-3 a stream that %s: the worker’s report names the same rules, and the same findings, as in line',
    async (_name, version, hash, replay) => {
      const { events, seedHint, stream } = stored((played) =>
        renameRules(played, (ruleset) => {
          if (version) ruleset.version = version;
          if (hash) ruleset.hash = hash;
        }),
      );
      const inline = await inLine(stream, events.length, { seedHint });
      expect(inline.ok).toBe(false);
      expect(inline.rules).toMatchObject({ ruleset: events[0]!.metadata.ruleset, replay });
      expect(inline.firstDiscrepancy).toMatchObject({ revision: 1, check: 'outcomes' });
      expect(await onWorker(stream, events.length, { seedHint })).toEqual(inline);
    },
    60_000,
  );

  it.each([
    [
      'an event’s data edited in the file',
      'UPDATE events SET data = \'{"forged":true}\' WHERE stream = ? AND revision = 300',
    ],
    ['an event’s row deleted', 'DELETE FROM events WHERE stream = ? AND revision = 400'],
  ])(
    'C-3 %s: the worker’s report names the same revision and rule as in line',
    async (_name, forgery) => {
      const { events, seedHint, stream } = stored();
      store.database.prepare(forgery).run(stream);
      const inline = await inLine(stream, events.length, { seedHint });
      expect(inline.checked.chain.ok).toBe(false);
      expect(inline.firstDiscrepancy).toBeDefined();
      const report = await onWorker(stream, events.length, { seedHint });
      expect(report).toEqual(inline);
      expect(report.firstDiscrepancy).toEqual(inline.firstDiscrepancy);
    },
    60_000,
  );

  it('C-3 kept checkpoints checked with the service’s key (POST /verify): the same report from the worker', async () => {
    const { events, stream } = stored();
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const at = events[499]!.metadata;
    const kept = signCheckpoint(
      { stream, revision: at.revision, hash: at.hash, signedAt: '2026-11-30T12:00:00.000Z' },
      privateKey,
    );
    const altered = { ...kept, checkpoint: { ...kept.checkpoint, hash: 'f'.repeat(64) } };
    // No seed hint: the rolls are read again once the seed is revealed, in the worker as here.
    const options: VerifyOptions = { checkpoints: [kept, altered], publicKey };
    const inline = await inLine(stream, events.length, options);
    expect(inline.checked.checkpoints.checked).toHaveLength(2);
    expect(inline.checked.checkpoints.ok).toBe(false);
    expect(await onWorker(stream, events.length, options)).toEqual(inline);
  }, 60_000);

  it('C-3 the route’s verification: in line for a store a worker cannot open, and when its worker cannot read the file', async () => {
    const { events, seedHint, stream } = stored();
    const inline = await inLine(stream, events.length, { seedHint });
    const memory = new InMemoryEventStore();
    try {
      expect(storeVerifyApart(memory, stream, 1_000_000, {})).toBeUndefined();
      expect(storeVerifyApart(store, stream, STORE_VERIFY_WORKER_FROM_EVENTS - 1, {})).toBeUndefined();
      expect(storeVerifyApart(store, stream, STORE_VERIFY_WORKER_FROM_EVENTS, {})).toBeInstanceOf(Function);
    } finally {
      await memory.close();
    }

    const alone = mkdtempSync(join(tmpdir(), 'umpire-store-verify-gone-'));
    const gone = new SqliteEventStore({ file: join(alone, 'umpire.db'), synchronous: 'NORMAL' });
    try {
      fill(gone, events);
      // The service's connection goes on reading the unlinked file; a worker's cannot open it.
      rmSync(alone, { recursive: true, force: true });
      expect(await storeVerifyApart(gone, stream, events.length, { seedHint }, 0)!()).toBeUndefined();
      const threads = { wholeFromEvents: 0, chainFromEvents: 0 };
      expect(await verifyStoredStream(gone, stream, events.length, { seedHint }, threads)).toEqual(inline);
    } finally {
      await gone.close();
      rmSync(alone, { recursive: true, force: true });
    }
  }, 60_000);
});
