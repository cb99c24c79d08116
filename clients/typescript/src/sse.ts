/** One Server-Sent Events message: its `event:` name (default `message`), `data:` and `id:` if any. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * The SSE wire format (WHATWG HTML, "event stream interpretation"), fed chunk by chunk as text:
 * lines end in LF, CR or CRLF; a blank line dispatches the message; `:` starts a comment (the
 * service's heartbeat); `retry:` changes the reconnection delay.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The reconnection delay the stream asked for (`retry:`), if it did. */
  retryMs: number | undefined;

  /** Takes the next chunk of text; answers the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      // A lone CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (end < 0 || (end === this.buffer.length - 1 && this.buffer[end] === '\r')) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
    }
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const message =
      this.data.length > 0
        ? {
            event: this.event || 'message',
            data: this.data.join('\n'),
            ...(this.id !== undefined ? { id: this.id } : {}),
          }
        : undefined;
    this.event = '';
    this.data = [];
    this.id = undefined;
    return message;
  }
}
