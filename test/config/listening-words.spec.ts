import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../../src/config/app-config.js';
import { listeningWords } from '../../src/config/listening-words.js';

describe('what the service says once it listens', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-listening-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => configFromEnv({ UMPIRE_DATA_DIR: dir, ...env });

  it('names the store, and where the pages and the organiser desk are, at an address a person can open', () => {
    const [listening, pages, phones] = listeningWords(config({ PORT: '4100' }), ['192.168.1.20']);
    expect(listening).toBe(`listening on 0.0.0.0:4100, store: ${dir}`);
    expect(pages).toBe(
      "pages at http://localhost:4100/ : the organiser's desk at http://localhost:4100/desk/, the API's description at http://localhost:4100/docs",
    );
    // A phone does not reach this machine as localhost: the desk is to be opened at its network address.
    expect(phones).toBe(
      "for phones at the tables, open the desk at this machine's network address: http://192.168.1.20:4100/desk/",
    );
  });

  it('says no network address when bound to one host, or when the machine has none', () => {
    expect(listeningWords(config({ HOST: '127.0.0.1', PORT: '4100' }), ['192.168.1.20'])).toHaveLength(2);
    expect(listeningWords(config({ PORT: '4100' }), [])).toHaveLength(2);
  });

  it('a host that is named is kept; an IPv6 one is bracketed; several instances are counted', () => {
    expect(listeningWords(config({ HOST: '127.0.0.1', PORT: '4100' }))[1]).toContain(
      'http://127.0.0.1:4100/desk/',
    );
    expect(listeningWords(config({ HOST: '::1', PORT: '4100' }))[1]).toContain('http://[::1]:4100/');
    expect(listeningWords(config({ PORT: '4100', UMPIRE_INSTANCES: '2' }))[0]).toBe(
      `listening on 0.0.0.0:4100 with 2 instances, store: ${dir}`,
    );
  });
});
