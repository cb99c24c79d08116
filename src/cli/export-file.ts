import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import type { ChainApart } from '../audit/chain-walk.js';
import { chainWalkOnPool } from '../audit/chain-apart.js';
import type { SignedCheckpoint } from '../audit/checkpoint.js';
import { type ExportedEvent, ExportReader, parseExportLine } from '../audit/export-format.js';

/**
 * An export file read a piece at a time (memory bounded by the match's state, not its
 * length): 1 MiB of bytes, then its whole lines, one small page of events at a time. Standard input ('-')
 * cannot be read twice, so it is held in memory.
 */
const CHUNK = 1 << 20;
/**
 * Events handed to the verifier at a time. Small, so that a page's parsed events die young: large
 * pages outlive the young generation's collections, are copied and promoted, and garbage collection
 * then dominates a long verification.
 */
const PAGE = 20;

/**
 * Where lines begin and end in `buffer` from `start` to `end` (which ends a line), for the lines that
 * hold any of `needles`: each found by searching the bytes for the needles, not by looking at every
 * line, so that a read for a few lines costs little more than reading the file.
 */
function* linesHolding(
  buffer: Buffer,
  start: number,
  end: number,
  needles: readonly Buffer[],
): Generator<[number, number]> {
  const next = needles.map((needle) => buffer.indexOf(needle, start));
  for (;;) {
    let at = -1;
    for (const found of next) if (found !== -1 && found < end && (at === -1 || found < at)) at = found;
    if (at === -1) return;
    const lineStart = buffer.lastIndexOf(10, at) + 1;
    const newline = buffer.indexOf(10, at);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    yield [Math.max(lineStart, start), lineEnd];
    next.forEach((found, i) => {
      if (found !== -1 && found <= lineEnd) next[i] = buffer.indexOf(needles[i]!, lineEnd + 1);
    });
  }
}

/**
 * The file's lines, decoded one by one from the bytes (a line never splits a UTF-8 character); with
 * `needles`, only the lines that hold one of them.
 */
function* linesOfFile(path: string, needles?: readonly Buffer[]): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        // A line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      const end = filled + read;
      // The whole lines in the buffer: up to its last newline, or all of it at the end of the file.
      const complete = read === 0 ? end : buffer.lastIndexOf(10, end - 1) + 1;
      if (needles) {
        for (const [from, to] of linesHolding(buffer.subarray(0, complete), 0, complete, needles)) {
          yield buffer.toString('utf8', from, to);
        }
      } else {
        let start = 0;
        for (
          let newline = buffer.indexOf(10, start);
          newline !== -1 && newline < complete;
          newline = buffer.indexOf(10, start)
        ) {
          yield buffer.toString('utf8', start, newline);
          start = newline + 1;
        }
        if (read === 0 && start < end) yield buffer.toString('utf8', start, end);
      }
      if (read === 0) return;
      buffer.copy(buffer, 0, complete, end);
      filled = end - complete;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Below this size a worker costs more to start than the chain it would walk (its modules load in a
 * fresh thread): 4 MiB is about 6,000 events.
 */
const CHAIN_WORKER_FROM_BYTES = 4 * 2 ** 20;

const REVERTED = Buffer.from('"ActionsReverted"');
const ENDED = Buffer.from('"MatchEnded"');

export class ExportFile {
  private readonly held: string | undefined;

  constructor(private readonly path: string) {
    this.held = path === '-' ? readFileSync(0, 'utf8') : undefined;
  }

  /** The file's lines in order (with `needles`, only those holding one of them). */
  lines(needles?: readonly Buffer[]): Iterable<string> {
    return this.held === undefined ? linesOfFile(this.path, needles) : this.held.split('\n');
  }

  /**
   * The hash chain walked in a worker thread while the caller verifies the rest (verifyPages'
   * `chainApart`): on two cores, a third of the work done beside the rest. Undefined for standard
   * input, or where no worker can be started; a worker that fails answers undefined, and the chain is
   * then walked in line.
   */
  chainApart(fromBytes = CHAIN_WORKER_FROM_BYTES): ChainApart | undefined {
    if (this.held !== undefined) return undefined;
    let size: number;
    try {
      size = statSync(this.path).size;
    } catch {
      return undefined;
    }
    if (size < fromBytes) return undefined;
    return chainWalkOnPool('export-chain', { path: this.path });
  }

  /** The events in pages; `closing` is set once the last page has been read. */
  *pages(): Generator<ExportedEvent[]> {
    const reader = new ExportReader();
    let page: ExportedEvent[] = [];
    for (const line of this.lines()) {
      const event = reader.line(line);
      if (!event) continue;
      page.push(event);
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
    this.closing = reader.closing;
    this.read = true;
  }

  closing: SignedCheckpoint | undefined;
  read = false;

  /**
   * The closing checkpoint, read from the file's last line before the rest (the verifier must know
   * which event it covers as the events pass). pages() reads it again in its place and checks that it
   * is the last line.
   */
  closingAhead(): SignedCheckpoint | undefined {
    const last = this.lastLine();
    if (last === undefined) return undefined;
    let parsed;
    try {
      parsed = parseExportLine(last, 0);
    } catch {
      return undefined;
    }
    return parsed && 'closing' in parsed ? parsed.closing : undefined;
  }

  private lastLine(): string | undefined {
    let tail: string;
    if (this.held !== undefined) {
      tail = this.held;
    } else {
      const fd = openSync(this.path, 'r');
      try {
        const size = fstatSync(fd).size;
        const length = Math.min(size, 64 * 1024);
        const buffer = Buffer.alloc(length);
        readSync(fd, buffer, 0, length, size - length);
        tail = buffer.toString('utf8');
      } finally {
        closeSync(fd);
      }
    }
    const lines = tail.split('\n').filter((line) => line.trim() !== '');
    return lines[lines.length - 1];
  }

  /**
   * What the verifier is best told before it reads the log (MatchLogVerifier): the revisions backups
   * go back to, and the seed the first MatchEnded reveals. Only lines naming those events are parsed,
   * and nothing here is trusted: the verifier checks both facts again when it meets their events.
   */
  prescan(): { retain: number[]; seedHint?: string } {
    const retain: number[] = [];
    let seedHint: string | undefined;
    let ended = false;
    // Only the lines that name those events are decoded at all.
    for (const line of this.lines([REVERTED, ENDED])) {
      const reverted = line.includes('"ActionsReverted"');
      const end = !ended && line.includes('"MatchEnded"');
      if (!reverted && !end) continue;
      let value: { type?: unknown; data?: { toRevision?: unknown; serverSeed?: unknown } | null };
      try {
        value = JSON.parse(line) as typeof value;
      } catch {
        continue;
      }
      if (value.type === 'ActionsReverted' && typeof value.data?.toRevision === 'number') {
        retain.push(value.data.toRevision);
      }
      if (value.type === 'MatchEnded' && !ended) {
        ended = true;
        if (typeof value.data?.serverSeed === 'string') seedHint = value.data.serverSeed;
      }
    }
    return { retain, ...(seedHint ? { seedHint } : {}) };
  }
}
