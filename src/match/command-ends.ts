/**
 * Which events of a match end the command that appended them (Q-32: an undo or a backup may only go
 * back to the last event of a command, so no outcome is cut from its cause). A command appends its
 * events together under one commandId; event r ends its command unless event r + 1 carries the same id.
 *
 * Kept as one bit per event that does not end its command, in a buffer that grows by doubling: a match
 * of n events holds n / 8 bytes, and each event costs O(1) (amortised), however long the match.
 */
export class CommandEnds {
  private inner: Uint8Array;
  private last = 0;
  private lastCommandId: string | undefined;

  private constructor(inner: Uint8Array, last: number, lastCommandId: string | undefined) {
    this.inner = inner;
    this.last = last;
    this.lastCommandId = lastCommandId;
  }

  static empty(): CommandEnds {
    return new CommandEnds(new Uint8Array(64), 0, undefined);
  }

  /** From an image(); undefined when the image holds none (it was written before they were kept). */
  static fromImage(image: CommandEndsImage | undefined): CommandEnds | undefined {
    if (!image) return undefined;
    const bytes = Buffer.from(image.inner, 'base64');
    const inner = new Uint8Array(Math.max(64, bytes.length));
    inner.set(bytes);
    return new CommandEnds(inner, image.last, image.lastCommandId ?? undefined);
  }

  /**
   * The next event of the stream, with the commandId it was appended under. An event without one (a
   * log written before commandIds were recorded) is taken as a command of its own.
   */
  record(revision: number, commandId: string | undefined): void {
    if (commandId !== undefined && commandId === this.lastCommandId && revision === this.last + 1) {
      this.mark(this.last);
    }
    this.last = revision;
    this.lastCommandId = commandId;
  }

  /**
   * True when event `revision` is the last of its command. The latest event always is: a command's
   * events are appended at once, so nothing of it can still be missing.
   */
  endsCommand(revision: number): boolean {
    if (!Number.isInteger(revision) || revision < 0 || revision >= this.last) return true;
    const byte = revision >> 3;
    return byte >= this.inner.length || (this.inner[byte]! & (1 << (revision & 7))) === 0;
  }

  image(): CommandEndsImage {
    const used = (this.last >> 3) + 1;
    return {
      inner: Buffer.from(this.inner.subarray(0, used)).toString('base64'),
      last: this.last,
      lastCommandId: this.lastCommandId ?? null,
    };
  }

  private mark(revision: number): void {
    const byte = revision >> 3;
    if (byte >= this.inner.length) {
      const grown = new Uint8Array(Math.max(this.inner.length * 2, byte + 1));
      grown.set(this.inner);
      this.inner = grown;
    }
    this.inner[byte] = this.inner[byte]! | (1 << (revision & 7));
  }
}

/** The command ends as plain JSON, for a snapshot. */
export interface CommandEndsImage {
  /** Base64 of the bits: bit r set when event r does not end its command. */
  inner: string;
  last: number;
  lastCommandId: string | null;
}
