import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { MatchFold } from '../match/fold.js';
import { type ChainApart, ChainWalk, type ChainWalked } from './chain-walk.js';
import type { LogEvent } from './log-event.js';
import { MatchLogVerifier } from './match-log-verifier.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * A log read in pages, from its first event, as often as it is asked for: the store's stream
 * (readStream with fromRevision and maxCount) or an export file read a piece at a time.
 */
export type LogPages = () => AsyncIterable<readonly LogEvent[]> | Iterable<readonly LogEvent[]>;

export interface PagedVerifyOptions extends VerifyOptions {
  /**
   * Give the event loop a turn after each page, so that the service keeps answering other tables
   * while a long verification runs (DESIGN.md: long work streams in pages and yields).
   */
  yieldBetweenPages?: boolean;
  /**
   * The hash chain walked apart, at the same time (the CLI's worker thread: the verifier core starts
   * no thread itself). Its verdict is taken only if its walk saw the very events this verification
   * read (their number and the last one's hash); otherwise, or if it fails, the chain is walked here,
   * in a second read of the pages. Either way the report is the one a walk in line would give.
   */
  chainApart?: ChainApart;
}

/**
 * Verifies a log that is never held whole: one page at a time through MatchLogVerifier. The log is
 * read once; again only when the verifier asks (rolls met before an unexpected seed was revealed, or a
 * judge's backup to a state the fold no longer keeps), each time in pages.
 */
export async function verifyPages(
  pages: LogPages,
  options: PagedVerifyOptions = {},
): Promise<VerificationReport> {
  // Aborted when the verification is over, answered or failed: a walk apart still running is ended.
  const over = new AbortController();
  try {
    // A walk apart that throws is one that failed: the chain is then walked here.
    const apart = options.chainApart?.(over.signal).catch(() => undefined);
    return await verifyWith(pages, options, apart);
  } finally {
    over.abort();
  }
}

async function verifyWith(
  pages: LogPages,
  options: PagedVerifyOptions,
  apart: Promise<ChainWalked | undefined> | undefined,
): Promise<VerificationReport> {
  const verifier = new MatchLogVerifier(options, { walkChain: apart === undefined });
  const pause = options.yieldBetweenPages ? () => nextTurnOfTheLoop() : async () => undefined;

  const giveStates = async (): Promise<void> => {
    for (let asked = verifier.needsState; asked; asked = verifier.needsState) {
      // The fold again, from the first event up to the one that needs it, keeping the target.
      const fold = new MatchFold(verifier.rules!, {
        retain: asked.retain,
        matchRules: verifier.matchLevelRules!,
      });
      let ordinal = 0;
      reading: for await (const page of pages()) {
        for (const event of page) {
          if (ordinal++ >= asked.before) break reading;
          fold.apply(event);
        }
        await pause();
      }
      const kept =
        asked.target === fold.revision
          ? { state: fold.state, turnStartedAt: fold.meta.turnStartedAt }
          : fold.keptAt(asked.target);
      if (!kept) throw new Error(`the state after event ${asked.target} could not be rebuilt`);
      verifier.provide(asked.target, kept);
    }
  };

  for await (const page of pages()) {
    for (const event of page) {
      verifier.add(event);
      if (verifier.needsState) await giveStates();
    }
    await pause();
  }
  verifier.close();
  await giveStates();
  if (verifier.needsRollPass) {
    let ordinal = 0;
    for await (const page of pages()) {
      for (const event of page) verifier.rollPass(event, ordinal++);
      await pause();
    }
    verifier.endRollPass();
  }
  if (apart) {
    const walked = await apart;
    const seen = verifier.seen;
    if (walked && walked.events === seen.events && walked.lastHash === seen.lastHash) {
      verifier.chainWalked(walked.broken);
    } else {
      verifier.chainWalked(await walkHere(pages, pause));
    }
  }
  return verifier.report();
}

/** The chain walked in this thread, in a read of its own: when a walk apart could not be taken. */
async function walkHere(
  pages: LogPages,
  pause: () => Promise<unknown>,
): Promise<{ revision: number; reason: string } | null> {
  let chain: ChainWalk | undefined;
  for await (const page of pages()) {
    for (const event of page) {
      chain ??= new ChainWalk(event.metadata.stream);
      if (!chain.add(event)) return chain.broken;
    }
    await pause();
  }
  return null;
}
