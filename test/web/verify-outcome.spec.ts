import { generateKeyPairSync } from 'node:crypto';
import { publicKeyDocument, signCheckpoint } from '../../src/audit/checkpoint.js';
import { answerTo } from '../../packages/verify/src/verify-export.js';
import { outcomeOf } from '../../web/shared/verify-outcome.js';
import { zuluCharge } from '../audit/support/match-log.js';
import { toNdjsonText } from '../audit/support/tamper.js';

/**
 * The Verify button's outcome (web/shared/verify-outcome.ts) from the worker's answer (answerTo, the
 * very function the verify worker runs): an export line that does not read as one is FAILED, naming
 * the line, as `umpire verify` reports it; a sound export is the verifier's verdict.
 */
describe('verification in the browser: an export line that does not parse', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = JSON.stringify(publicKeyDocument(publicKey));

  async function exportText(): Promise<string> {
    const events = await (await zuluCharge({ end: true })).events();
    const last = events[events.length - 1]!.metadata;
    const closing = signCheckpoint(
      { stream: last.stream, revision: events.length, hash: last.hash, signedAt: '2026-11-30T18:00:00.000Z' },
      privateKey,
    );
    return toNdjsonText(events, closing);
  }

  it('C-3 a sound export verifies', async () => {
    const outcome = outcomeOf(await answerTo({ exportText: await exportText(), publicKey: key }));
    expect('verdict' in outcome && outcome.verdict.verified).toBe(true);
  });

  it('C-3 a line altered so that it no longer parses is FAILED, naming the line, not "unreadable"', async () => {
    const lines = (await exportText()).split('\n');
    lines[2] = lines[2]!.slice(0, 40);
    const outcome = outcomeOf(await answerTo({ exportText: lines.join('\n'), publicKey: key }));
    expect(outcome).toEqual({
      failedLine: { line: 3, summary: expect.stringMatching(/^FAILED: line 3 of the export does not read/) },
    });
  });

  it('a public key that does not read gives no verdict at all, and says why', async () => {
    const answer = await answerTo({ exportText: await exportText(), publicKey: 'not a key' });
    expect(answer).toEqual({ unreadable: expect.stringMatching(/^the public key: /) });
    expect(() => outcomeOf(answer)).toThrow(/could not read what the service sent: the public key/);
  });
});
