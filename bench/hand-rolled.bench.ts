import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import { canonicalEnvelope } from '../src/event-store/canonical-json.js';
import { PrefixedHmacSha256 } from '../src/match/hmac-sha256.js';
import { longMatch } from './verify-match.js';

/**
 * The two hand-rolled primitives against the libraries they stand in for, in one run: the hash chain's
 * canonical JSON (src/event-store/canonical-json.ts against the `canonicalize` package, over the
 * envelopes of a generated match) and the server dice's HMAC (src/match/hmac-sha256.ts against
 * node:crypto's createHmac, for the messages a match's rolls hash). Both are held to their library byte
 * for byte by tests; this says what keeping them buys.
 */
export interface HandRolledFigure {
  name: string;
  /** Operations per second, hand-rolled and library, best of the rounds. */
  ours: number;
  library: number;
}

function best(rounds: number, run: () => number): number {
  let top = 0;
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    const done = run();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    top = Math.max(top, done / seconds);
  }
  return top;
}

export function benchHandRolled(): HandRolledFigure[] {
  const { events } = longMatch(4_000, 'hand-rolled');
  const envelopes = events.map(({ type, data, metadata }) => ({ type, data, metadata }));
  let sink = 0;
  const ours = () => {
    for (const event of envelopes) sink += canonicalEnvelope(event).length;
    return envelopes.length;
  };
  const library = () => {
    for (const event of envelopes) {
      const { hash: _hash, ...rest } = event.metadata as unknown as Record<string, unknown>;
      sink += canonicalize({ type: event.type, data: event.data, metadata: rest })!.length;
    }
    return envelopes.length;
  };
  const seed = Buffer.alloc(32, 7);
  const prefix = 'alpha|beta:';
  const rolls = 20_000;
  const hmacOurs = () => {
    const hmac = new PrefixedHmacSha256(seed, prefix);
    for (let n = 1; n <= rolls; n++) sink += hmac.of(`${n}`)[0]!;
    return rolls;
  };
  const hmacLibrary = () => {
    for (let n = 1; n <= rolls; n++) sink += createHmac('sha256', seed).update(`${prefix}${n}`).digest()[0]!;
    return rolls;
  };
  // Alternate the two in each pair of rounds, so that a busy moment of the machine falls on both.
  const figures: HandRolledFigure[] = [
    { name: 'canonical JSON of an event envelope (hash chain)', ours: 0, library: 0 },
    { name: 'HMAC-SHA256 of one server roll (C-2)', ours: 0, library: 0 },
  ];
  for (let round = 0; round < 5; round++) {
    figures[0]!.ours = Math.max(figures[0]!.ours, best(1, ours));
    figures[0]!.library = Math.max(figures[0]!.library, best(1, library));
    figures[1]!.ours = Math.max(figures[1]!.ours, best(1, hmacOurs));
    figures[1]!.library = Math.max(figures[1]!.library, best(1, hmacLibrary));
  }
  if (sink === 0) throw new Error('nothing was computed');
  return figures;
}

export function printHandRolled(figures: readonly HandRolledFigure[]): void {
  console.log('');
  console.log('Hand-rolled primitives against their libraries (docs/architecture.md says why they stay)');
  for (const { name, ours, library } of figures) {
    console.log(
      `  ${name}: ${Math.round(ours).toLocaleString('en-US')}/s against ${Math.round(library).toLocaleString('en-US')}/s, ×${(ours / library).toFixed(2)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printHandRolled(benchHandRolled());
