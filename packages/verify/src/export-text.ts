import {
  type ExportedEvent,
  ExportReader,
  parseExportLine,
  type ExportLine,
} from '../../../src/audit/export-format.js';
import type { SignedCheckpoint } from '../../../src/audit/checkpoint.js';
import { revealedSeedIn, revertTargetsIn } from '../../../src/audit/verifier.js';

/**
 * An export held as one text (what a browser's fetch gives), read as ExportFile reads a file: in pages
 * of parsed events, as often as the verifier asks, so that memory holds the text and the match's
 * state but never every event parsed at once (a 100,000-event export parses to several times its
 * size). The lines are read by ExportReader, the same rules as `parseExport`: the same errors at the
 * same lines.
 */
const EVENTS_PER_PAGE = 20; // as ExportFile: parsed events die young, in the cheap part of the heap

function* linesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    yield text.slice(start, stop);
    start = stop + 1;
  }
}

export class ExportText {
  constructor(private readonly text: string) {}

  /** The log from its first event, a page at a time; throws ExportFormatError at a line that is not one. */
  *pages(): Generator<ExportedEvent[]> {
    const reader = new ExportReader();
    let page: ExportedEvent[] = [];
    for (const line of linesOf(this.text)) {
      const event = reader.line(line);
      if (!event) continue;
      page.push(event);
      if (page.length === EVENTS_PER_PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /**
   * The checkpoint the export closes with, read ahead from its last line, so the verifier knows it
   * from the start. Undefined when that line is an event (the export was cut short); a line that reads
   * as neither is left for the pass over the pages to name.
   */
  closing(): SignedCheckpoint | undefined {
    const trimmed = this.text.trimEnd();
    let last: ExportLine | undefined;
    try {
      last = parseExportLine(trimmed.slice(trimmed.lastIndexOf('\n') + 1), 0);
    } catch {
      return undefined;
    }
    return last && 'closing' in last ? last.closing : undefined;
  }

  /**
   * What the verifier can use before it reads the log, found by searching the text for the two event
   * names rather than parsing every line (ExportFile.prescan's way): the backups' targets, and the
   * seed the match revealed. Hints only: the verifier trusts neither, and a wrong one costs it a second
   * look, never a different report.
   */
  hints(): { retain: number[]; seedHint?: string } {
    const named = (type: string) => {
      const found: { type: string; data: unknown }[] = [];
      for (let at = this.text.indexOf(`"${type}"`); at >= 0;) {
        const start = this.text.lastIndexOf('\n', at) + 1;
        const end = this.text.indexOf('\n', at);
        const stop = end < 0 ? this.text.length : end;
        try {
          found.push(JSON.parse(this.text.slice(start, stop)) as { type: string; data: unknown });
        } catch {
          // Not JSON: the pass over the pages names it.
        }
        at = end < 0 ? -1 : this.text.indexOf(`"${type}"`, stop);
      }
      return found;
    };
    const seedHint = revealedSeedIn(named('MatchEnded'));
    return { retain: revertTargetsIn(named('ActionsReverted')), ...(seedHint ? { seedHint } : {}) };
  }
}
