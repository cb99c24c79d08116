/**
 * Reads a Server-Sent Events body (`event:`, `id:` and `data:` lines; a blank line ends a message) until
 * it ends, handing on the `id:` of each message: for a match feed, the revision it carries. Returns
 * 'end' at a message named `end` (the match is over, the feed closes), 'closed' if the body just stops.
 * Data lines and comments (heartbeats) are not needed: the page reads the match again itself.
 */
export async function readMessages(
  response: Response,
  onId: (id: number) => void,
): Promise<'end' | 'closed'> {
  if (!response.body) return 'closed';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = '';
  let id: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'closed';
    buffer += value;
    // A chunk may end in the middle of a line: the unfinished line waits for the next chunk.
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (event === 'end') {
          await reader.cancel();
          return 'end';
        }
        if (id !== undefined) onId(id);
        event = '';
        id = undefined;
      } else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('id:')) {
        const value = Number(line.slice(3).trim());
        if (Number.isInteger(value)) id = value;
      }
    }
  }
}
