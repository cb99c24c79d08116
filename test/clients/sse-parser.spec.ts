import { SseParser } from '../../clients/typescript/src/sse.js';

/** The typed client's reading of Server-Sent Events, chunk by chunk as the network delivers them. */
describe('the typed client’s SSE parser', () => {
  it('dispatches each message at its blank line, with its id and event name, and skips comments', () => {
    const parser = new SseParser();
    const text =
      'retry: 2000\n: connected\n\nid: 3\nevent: WillpowerTested\ndata: {"revision":3}\n\n: keep-alive\n\nevent: end\ndata: {"ended":true}\n\n';
    expect(parser.push(text)).toEqual([
      { id: '3', event: 'WillpowerTested', data: '{"revision":3}' },
      { event: 'end', data: '{"ended":true}' },
    ]);
    expect(parser.retryMs).toBe(2000);
  });

  it('holds a message split across chunks anywhere, a CRLF split between its CR and LF included', () => {
    const text = 'id: 7\r\nevent: ImpactRolled\r\ndata: {"a":1}\r\n\r\nid: 8\r\ndata: x\r\ndata: y\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new SseParser();
      const messages = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect({ cut, messages }).toEqual({
        cut,
        messages: [
          { id: '7', event: 'ImpactRolled', data: '{"a":1}' },
          { id: '8', event: 'message', data: 'x\ny' },
        ],
      });
    }
  });

  it('dispatches nothing for a message without data, and keeps a field value’s own colons', () => {
    const parser = new SseParser();
    expect(parser.push('id: 1\nevent: nothing\n\ndata:a: b\n\n')).toEqual([
      { event: 'message', data: 'a: b' },
    ]);
  });
});
