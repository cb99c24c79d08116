import { readFileSync } from 'node:fs';
import { linkHash } from '../src/audit/chain-walk.js';
import { rollsIn } from '../src/audit/replay/compare.js';
import { MatchLogVerifier } from '../src/audit/match-log-verifier.js';
import { revertTargetsIn, verifyMatchLog } from '../src/audit/verifier.js';
import type { ExportedEvent } from '../src/audit/export-format.js';
import { canonicalEnvelope } from '../src/event-store/canonical-json.js';
import { clientSeedsText, RollDerivation } from '../src/match/dice-fairness.js';
import { MatchFold } from '../src/match/fold.js';
import { rulesetFor } from '../src/rulesets/registry.js';
import type { RulesetRef } from '../src/rules/common/ruleset-ref.js';

/**
 * Where a verification's time goes: each part of the work done alone over every event of
 * the match, in this process's CPU time (the best of three rounds), beside the whole verification of
 * the same events held in memory. The parts are what every verification must do at least once per
 * event; the whole is more than their sum by the verifier's own work (re-deciding each command,
 * comparing, its bookkeeping) and the garbage all of it leaves.
 */
export interface Part {
  name: string;
  microsPerEvent: number;
}

function cpuMicros(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

export function whereTheTimeGoes(file: string, seed: Buffer): Part[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  // The export's events: every line but the closing checkpoint (and the empty string after the last newline).
  const eventLines = lines.filter((line) => line.startsWith('{"type"'));
  const n = eventLines.length;
  const parts: Part[] = [];
  const part = (name: string, work: () => void): void => {
    parts.push({ name, microsPerEvent: cpuMicros(work) / n });
  };
  let events: ExportedEvent[] = [];
  part('JSON.parse of each line', () => {
    events = eventLines.map((line) => JSON.parse(line) as ExportedEvent);
  });
  const canonical = events.map(canonicalEnvelope);
  part('RFC 8785 canonical JSON of each envelope', () => {
    for (const event of events) canonicalEnvelope(event);
  });
  part('SHA-256 of each link', () => {
    for (let i = 0; i < n; i++) linkHash(events[i]!.metadata.prevHash, canonical[i]!);
  });
  const clientSeeds = clientSeedsText({ A: 'alpha', B: 'beta' });
  const rolls = events.flatMap((event) => rollsIn(event.data)).filter((roll) => roll.origin === 'server');
  part(`HMAC-SHA256 of each server roll (${rolls.length.toLocaleString('en-US')})`, () => {
    // As the verifier derives them: one derivation for the match's seed and client seeds.
    const derivation = new RollDerivation(seed, clientSeeds);
    for (const roll of rolls) derivation.faces(roll.index!, roll.faces.length);
  });
  const ruleset = rulesetFor(events[0]!.metadata.ruleset as RulesetRef)!;
  const retain = revertTargetsIn(events);
  part('folding each event (MatchFold.apply: src/match, src/rules)', () => {
    const fold = new MatchFold(ruleset, { retain });
    for (const event of events) fold.apply(event);
  });
  // What stays on the main thread once the chain is walked apart (verify-pages.ts, chain-walk.ts).
  part('the rules replay alone (MatchLogVerifier, the chain walked apart)', () => {
    const verifier = new MatchLogVerifier({ retain, seedHint: seed.toString('hex') }, { walkChain: false });
    for (const event of events) verifier.add(event);
    verifier.close();
    verifier.chainWalked(null);
    if (!verifier.report().ok) throw new Error('the match does not verify');
  });
  part('the whole verification of the parsed events (verifyMatchLog)', () => {
    if (!verifyMatchLog(events, { seedHint: seed.toString('hex') }).ok)
      throw new Error('the match does not verify');
  });
  return parts;
}

export function printParts(parts: readonly Part[]): void {
  console.log('where the time goes (CPU time per event, each part alone over the whole match):');
  for (const { name, microsPerEvent } of parts) {
    const rate = Math.round(1e6 / microsPerEvent).toLocaleString('en-US');
    console.log(`  ${name.padEnd(64)} ${microsPerEvent.toFixed(2).padStart(6)} µs  (${rate} events/s)`);
  }
}
