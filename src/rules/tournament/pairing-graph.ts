/**
 * Who may still meet whom, over a shrinking field, with a maximum matching kept throughout: the
 * oracle behind Swiss pairing's "can everyone left still be paired without a rematch?". Edmonds'
 * blossom algorithm (one augmenting-path search at a time, vertices are rank-order indexes).
 * Pure and local: every instance is built, asked and dropped within one pairing.
 */
export class PairingGraph {
  private readonly neighbours: number[][];
  private readonly allowed: Uint8Array;
  private readonly alive: Uint8Array;
  private mate: Int32Array;
  // Scratch for the search, reused between searches.
  private readonly parent: Int32Array;
  private readonly base: Int32Array;
  private readonly used: Uint8Array;
  private readonly inBlossom: Uint8Array;
  private readonly onPath: Uint8Array;
  private readonly queue: Int32Array;

  constructor(
    private readonly size: number,
    met: (i: number, j: number) => boolean,
  ) {
    this.allowed = new Uint8Array(size * size);
    this.neighbours = Array.from({ length: size }, () => []);
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        if (met(i, j)) continue;
        this.allowed[i * size + j] = this.allowed[j * size + i] = 1;
        this.neighbours[i]!.push(j);
        this.neighbours[j]!.push(i);
      }
    }
    this.alive = new Uint8Array(size).fill(1);
    this.mate = new Int32Array(size).fill(-1);
    this.parent = new Int32Array(size);
    this.base = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.inBlossom = new Uint8Array(size);
    this.onPath = new Uint8Array(size);
    this.queue = new Int32Array(size);
    this.greedy();
    this.maximise(true);
  }

  canMeet(i: number, j: number): boolean {
    return this.allowed[i * this.size + j] === 1;
  }

  /** Whether everyone left can be paired (the matching kept is maximum, so: does it cover them all). */
  perfect(): boolean {
    for (let v = 0; v < this.size; v++) if (this.alive[v] && this.mate[v] === -1) return false;
    return true;
  }

  firstLeft(): number | undefined {
    const v = this.alive.indexOf(1);
    return v === -1 ? undefined : v;
  }

  left(): number[] {
    const out: number[] = [];
    for (let v = 0; v < this.size; v++) if (this.alive[v]) out.push(v);
    return out;
  }

  /**
   * Takes v out of a field the matching covers whole: their partner is freed, and the matching stays
   * maximum (an odd field cannot do better than leave one out).
   */
  remove(v: number): void {
    this.detach(v);
  }

  /** Takes v out when everyone left can then be paired; otherwise leaves the field as it was. */
  removeIfRestPairs(v: number): boolean {
    const before = this.mate.slice();
    this.detach(v);
    if (this.maximise()) return true;
    this.mate = before;
    this.alive[v] = 1;
    return false;
  }

  /** A first matching in rank order, so the blossom searches only have the leftovers to place. */
  private greedy(): void {
    for (let i = 0; i < this.size; i++) {
      if (this.mate[i] !== -1) continue;
      const j = this.neighbours[i]!.find((n) => this.mate[n] === -1);
      if (j !== undefined) {
        this.mate[i] = j;
        this.mate[j] = i;
      }
    }
  }

  private detach(v: number): void {
    const partner = this.mate[v]!;
    if (partner !== -1) this.mate[partner] = -1;
    this.mate[v] = -1;
    this.alive[v] = 0;
  }

  /**
   * Augments from every free vertex once, and answers whether the matching now covers everyone left.
   * A vertex with no augmenting path now has none after augmenting elsewhere either (some maximum
   * matching leaves it out), so the matching is maximum afterwards, and the first such vertex already
   * answers no: the search stops there unless asked to maximise regardless.
   */
  private maximise(regardless = false): boolean {
    let covered = true;
    for (let root = 0; root < this.size; root++) {
      if (!this.alive[root] || this.mate[root] !== -1) continue;
      let v = this.findPath(root);
      if (v === -1) {
        covered = false;
        if (!regardless) return false;
      }
      while (v !== -1) {
        const pv = this.parent[v]!;
        const next = this.mate[pv]!;
        this.mate[v] = pv;
        this.mate[pv] = v;
        v = next;
      }
    }
    return covered;
  }

  private findPath(root: number): number {
    const { parent, base, used, mate, alive, queue } = this;
    parent.fill(-1);
    used.fill(0);
    for (let i = 0; i < this.size; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (const to of this.neighbours[v]!) {
        if (!alive[to] || base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]!] !== -1)) {
          const stem = this.commonBase(v, to);
          this.inBlossom.fill(0);
          this.markPath(v, stem, to);
          this.markPath(to, stem, v);
          for (let i = 0; i < this.size; i++) {
            if (alive[i] && this.inBlossom[base[i]!]) {
              base[i] = stem;
              if (!used[i]) {
                used[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (mate[to] === -1) return to;
          const next = mate[to]!;
          used[next] = 1;
          queue[tail++] = next;
        }
      }
    }
    return -1;
  }

  private commonBase(a: number, b: number): number {
    const { base, mate, parent, onPath } = this;
    onPath.fill(0);
    for (;;) {
      a = base[a]!;
      onPath[a] = 1;
      if (mate[a] === -1) break;
      a = parent[mate[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (onPath[b]) return b;
      b = parent[mate[b]!]!;
    }
  }

  private markPath(v: number, stem: number, child: number): void {
    const { base, mate, parent, inBlossom } = this;
    while (base[v] !== stem) {
      inBlossom[base[v]!] = 1;
      inBlossom[base[mate[v]!]!] = 1;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  }
}
