import { normalisedShortCode } from '../../src/invitations/invitation-code.js';
import { readTypedCode } from '../../web/shared/typed-code.js';

/**
 * The table page checks a typed invitation code before sending it (web/shared/typed-code.ts), the way the
 * service reads it (normalisedShortCode): what the page sends, the service reads as the same code, and
 * what the page answers itself, the service would have refused.
 */
describe('table page: an invitation code as typed', () => {
  it.each([
    'K3X9-A0B2-C4D6',
    'k3x9a0b2c4d6',
    ' k3x9 a0b2 c4d6 ',
    'K3X9-AOB2-C4D6',
    'i1l1-0000-ZZZZ',
    'K3X9--A0B2-C4D6',
  ])('given the code %j, when it is read, then it is sent as the code the service reads it as', (typed) => {
    const read = readTypedCode(typed);
    expect(read).toEqual({ code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/) });
    const service = normalisedShortCode(typed);
    expect(service).toBeDefined();
    expect('code' in read && read.code.replace(/-/g, '')).toBe(service);
  });

  it('given a first code (inv_<id>_<secret>), when it is read, then it is sent as it is', () => {
    const old = 'inv_abc123def456_AbCdEfGhIjKlMnOpQrStUv12';
    expect(readTypedCode(` ${old} `)).toEqual({ code: old });
  });

  it.each([
    ['K3X', 'That is 3 letters and digits: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.'],
    ['K', 'That is 1 letter or digit: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.'],
    [
      'K3X9-A0B2-C4D6-7',
      'That is 13 letters and digits: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.',
    ],
    ['K3X9-A0B2-C4DU', '“U” is in no code: a code has only digits and letters (no U), like K3X9-A0B2-C4D6.'],
    [
      'K3X9/A0B2.C4D6',
      '“/”, “.” are in no code: a code has only digits and letters (no U), like K3X9-A0B2-C4D6.',
    ],
    ['  ', 'Type the code first: twelve letters and digits.'],
  ])(
    'given %j, when it is read, then the page says what is wrong and the service would refuse it too',
    (typed, problem) => {
      expect(readTypedCode(typed)).toEqual({ problem });
      expect(normalisedShortCode(typed)).toBeUndefined();
    },
  );
});
