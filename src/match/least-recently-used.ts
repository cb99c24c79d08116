/**
 * A map that forgets its least recently used entries past a count and a total size. A Map keeps
 * insertion order, so moving an entry to the end on each use makes the first entry the one to go.
 */
export class LeastRecentlyUsed<Value> {
  private readonly entries = new Map<string, { value: Value; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict(key);
  }

  /** A kept entry has grown or shrunk. */
  resize(key: string, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** Drops the oldest entries until within bounds; the one just used stays even if it alone is too big. */
  private evict(keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
