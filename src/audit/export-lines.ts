import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { EventStore } from '../event-store/event-store.port.js';
import { ChainWalk } from './chain-walk.js';
import type { CheckpointSigner } from './checkpoint-signer.service.js';
import { exportLine } from './export-format.js';
import { storePages } from './store-pages.js';

/**
 * One stream's part of an export: its envelopes exactly as stored, a page at a time with a turn of the
 * event loop between pages, then the head as read, signed as GET /checkpoint signs it (none for a
 * broken chain or an empty stream). Match exports and tournament exports are made of these.
 */
export async function* streamExportLines(
  store: EventStore,
  signer: CheckpointSigner,
  stream: string,
  upTo: number,
): AsyncGenerator<string> {
  const chain = new ChainWalk(stream);
  for await (const page of storePages(store, stream, upTo)) {
    let text = '';
    for (const event of page) {
      chain.add(event);
      text += exportLine(event);
    }
    yield text;
    await nextTurnOfTheLoop();
  }
  if (!chain.broken && chain.head.revision > 0)
    yield JSON.stringify(signer.sign({ stream, ...chain.head })) + '\n';
}
