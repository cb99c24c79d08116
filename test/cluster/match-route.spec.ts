import {
  firstLineComplete,
  instanceOf,
  matchOfRequest,
  readModelsRequest,
} from '../../src/cluster/match-route.js';
import { inheritedOptions } from '../../src/cluster/primary.js';

describe('routing a connection by the match its first request names', () => {
  const head = (text: string) => Buffer.from(text, 'latin1');

  it('given a first line naming /matches/<id>…, then its match id is found, with or without a query', () => {
    expect(matchOfRequest(head('POST /matches/m-1/charges HTTP/1.1\r\nHost: x\r\n'))).toBe('m-1');
    expect(matchOfRequest(head('GET /matches/m%20two?from=3 HTTP/1.1\r\n'))).toBe('m%20two');
    expect(matchOfRequest(head('GET /matches/isandlwana HTTP/1.1\n'))).toBe('isandlwana');
  });

  it('given a first line naming no match, or not yet complete, then there is no match id', () => {
    expect(matchOfRequest(head('POST /matches HTTP/1.1\r\n'))).toBeUndefined();
    expect(matchOfRequest(head('GET /tournaments/cup HTTP/1.1\r\n'))).toBeUndefined();
    expect(matchOfRequest(head('GET /matches/m-1/char'))).toBeUndefined();
    expect(firstLineComplete(head('GET /matches/m-1/char'))).toBe(false);
    expect(firstLineComplete(head('GET / HTTP/1.1\r\n'))).toBe(true);
  });

  it('given a first line naming /projections…, then it is for the instance that keeps the read models', () => {
    expect(readModelsRequest(head('POST /projections/roster/rebuild HTTP/1.1\r\n'))).toBe(true);
    expect(readModelsRequest(head('GET /projections?x=1 HTTP/1.1\r\n'))).toBe(true);
    expect(readModelsRequest(head('GET /projectionsx HTTP/1.1\r\n'))).toBe(false);
    expect(readModelsRequest(head('GET /matches/projections HTTP/1.1\r\n'))).toBe(false);
    expect(readModelsRequest(head('GET /projections/roster'))).toBe(false);
  });

  it('given a match id, then every process picks the same instance, and the ids spread over all of them', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `load-20-${i}`);
    const picks = ids.map((id) => instanceOf(id, 4));
    expect(ids.map((id) => instanceOf(id, 4))).toEqual(picks);
    for (let n = 0; n < 4; n++) expect(picks.filter((p) => p === n).length).toBeGreaterThan(60);
    expect(instanceOf('anything', 1)).toBe(0);
  });

  it("given the primary's Node options, then an instance takes them without the primary's script", () => {
    expect(
      inheritedOptions(['--cpu-prof', '--input-type=module', '-e', 'code()', '--max-old-space-size=512']),
    ).toEqual(['--cpu-prof', '--max-old-space-size=512']);
  });
});
