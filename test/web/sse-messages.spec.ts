import { readMessages } from '../../web/shared/sse-messages.js';

/** The watch page's reader of a match feed (web/shared/sse-messages.ts), on bodies cut anywhere. */
function body(chunks: string[]): Response {
  const bytes = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
        controller.close();
      },
    }),
  );
}

describe('reading a match feed', () => {
  it('hands on each message’s id, whatever its event name, even when a chunk cuts a line', async () => {
    const ids: number[] = [];
    const ended = await readMessages(
      body([
        ': heartbeat\n\n',
        'event: ImpactRolled\nid: 7\ndata: {"revision":7}\n\nevent: Morale',
        'Tested\ni',
        'd: 8\ndata: {}\r\n\r\nid: 9\ndata: {}\n\n',
      ]),
      (id) => ids.push(id),
    );
    expect(ids).toEqual([7, 8, 9]);
    expect(ended).toBe('closed');
  });

  it('stops at the final `end` message and says the match is over', async () => {
    const ids: number[] = [];
    const ended = await readMessages(
      body(['id: 41\nevent: MatchEnded\ndata: {}\n\n', 'event: end\ndata: {}\n\n', 'id: 99\ndata: {}\n\n']),
      (id) => ids.push(id),
    );
    expect(ended).toBe('end');
    expect(ids).toEqual([41]);
  });

  it('ignores an id that is not a revision', async () => {
    const ids: number[] = [];
    await readMessages(body(['id: abc\ndata: {}\n\nid: 3\ndata: {}\n\n']), (id) => ids.push(id));
    expect(ids).toEqual([3]);
  });
});
