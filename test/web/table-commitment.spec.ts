import { orderCommitment } from '../../src/rules/atomic-africa/commitment.js';
import type { CommandTemplate } from '../../web/shared/contract.js';
import {
  CommitmentVault,
  commitmentOf,
  newSalt,
  sealedCommitment,
  withCommitment,
} from '../../web/table/presenters/commitment.js';

/** A Map as the page's localStorage. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, v: string) => map.set(key, v),
    map,
  };
}

const seal: CommandTemplate = {
  action: 'seal-order',
  label: 'Seal the orders card of a1 for turn 2',
  command: 'SealOrder',
  route: '/matches/m/orders',
  method: 'POST',
  side: 'A',
  unitId: 'a1',
  body: { unitId: 'a1', turn: 2 },
  choices: [
    {
      kind: 'one-of',
      path: 'card',
      label: 'Orders card of a1',
      options: [
        { value: '7S', label: '7♠' },
        { value: 'KH', label: 'K♥' },
      ],
    },
  ],
  ruleId: 'AA-1',
} as CommandTemplate;

const commitment: CommandTemplate = {
  ...seal,
  action: 'seal-commitment',
  label: 'Seal a commitment to the orders card of a1 for turn 2',
  choices: [{ kind: 'text', path: 'commitment', label: 'Hex SHA-256 of "CARD|a1|2|salt"', maxLength: 64 }],
  ruleId: 'AA-2',
} as CommandTemplate;

describe('the table page seals by commitment on the device (AA-2)', () => {
  it('AA-2 the commitment computed in the page is the one the service checks the reveal against', async () => {
    const salt = newSalt();
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await commitmentOf('7S', 'a1', 2, salt)).toBe(orderCommitment('7S', 'a1', 2, salt));
  });

  it('AA-2 the commitment form asks for the card, sends only the commitment and keeps card and salt on the device', async () => {
    const storage = memoryStorage();
    const vault = new CommitmentVault(storage, 'sealed');
    const shown = withCommitment(commitment, [seal, commitment], vault, 2, {})!;
    expect(shown.template.choices.map((c) => c.path)).toEqual(['card']);
    const body = await shown.finish!({ unitId: 'a1', turn: 2, card: '7S', commandId: 'c1' });
    expect(Object.keys(body).sort()).toEqual(['commandId', 'commitment', 'turn', 'unitId']);
    expect(JSON.stringify(body)).not.toContain('7S');
    const kept = vault.find('a1', 2)!;
    expect(kept.card).toBe('7S');
    expect(body.commitment).toBe(orderCommitment('7S', 'a1', 2, kept.salt));
    expect(JSON.stringify(body)).not.toContain(kept.salt);

    // The reveal's card and salt are filled in from what was kept; a later turn forgets it.
    const reveal = {
      ...seal,
      action: 'reveal',
      body: { unitId: 'a1' },
      choices: [seal.choices[0]!, { kind: 'text', path: 'salt', label: 'The salt', maxLength: 256 }],
    } as CommandTemplate;
    const state = { orders: { a1: { unitId: 'a1', turn: 2, commitment: body.commitment } } };
    expect(withCommitment(reveal, [reveal], vault, 2, state)!.initial).toEqual({
      card: '7S',
      salt: kept.salt,
    });
    vault.forgetBefore(3);
    expect(vault.find('a1', 2)).toBeUndefined();
    expect(withCommitment(reveal, [reveal], vault, 2, state)!.initial).toBeUndefined();
  });

  it('AA-2 the reveal is filled in only with the card sealed as the match’s commitment; another kept here for the unit is not offered, and the page says the card is not on this phone', async () => {
    const vault = new CommitmentVault(memoryStorage(), 'sealed');
    const shown = withCommitment(commitment, [seal, commitment], vault, 2, {})!;
    // This phone sealed 7S, refused: another phone of the side had sealed the unit first, as KH.
    const mine = await shown.finish!({ unitId: 'a1', turn: 2, card: '7S', commandId: 'c1' });
    const theirs = await commitmentOf('KH', 'a1', 2, newSalt());
    const orderOf = (sealed: unknown) => ({
      turn: 2,
      orders: {
        a1: { unitId: 'a1', side: 'A', turn: 2, sealedAs: 'commitment', card: null, commitment: sealed },
      },
    });
    const reveal = {
      ...seal,
      action: 'reveal',
      body: { unitId: 'a1' },
      choices: [seal.choices[0]!, { kind: 'text', path: 'salt', label: 'The salt', maxLength: 256 }],
    } as CommandTemplate;
    const elsewhere = withCommitment(reveal, [reveal], vault, 2, orderOf(theirs))!;
    expect(elsewhere.initial).toBeUndefined();
    expect(elsewhere.note).toMatch(/^The card sealed for this unit is not on this phone/);
    // The card sealed here, as the match holds it, opens it; a commitment in capitals is the same one.
    const here = withCommitment(reveal, [reveal], vault, 2, orderOf(String(mine.commitment).toUpperCase()))!;
    expect(here.initial).toEqual({ card: '7S', salt: vault.find('a1', 2)!.salt });
    expect(here.note).toBeUndefined();
    // A commitment of another turn or unit in the state is not this order's.
    expect(sealedCommitment(orderOf(mine.commitment), 'a1', 3)).toBeUndefined();
    expect(sealedCommitment(orderOf(mine.commitment), 'b1', 2)).toBeUndefined();
    expect(sealedCommitment({ orders: { a1: { unitId: 'a1', turn: 2, commitment: null } } }, 'a1', 2)).toBe(
      undefined,
    );
  });

  it('AA-2 a sealing sent from this device refills with its card from the vault; one sealed over since, or whose card is gone, does not', async () => {
    const storage = memoryStorage();
    const vault = new CommitmentVault(storage, 'sealed');
    const shown = withCommitment(commitment, [seal, commitment], vault, 2, {})!;
    const first = await shown.finish!({ unitId: 'a1', turn: 2, card: '7S', commandId: 'c1' });
    expect(shown.refill!(first)).toEqual({ card: '7S' });
    // Sealed again from here (for the same unit and turn): only the latest is known by its card.
    const second = await shown.finish!({ unitId: 'a1', turn: 2, card: 'KH', commandId: 'c2' });
    expect(shown.refill!(second)).toEqual({ card: 'KH' });
    expect(shown.refill!(first)).toBeUndefined();
    // A commitment this vault never made, and a vault emptied, refill nothing.
    expect(shown.refill!({ ...second, commitment: '0'.repeat(64) })).toBeUndefined();
    vault.forgetBefore(3);
    expect(shown.refill!(second)).toBeUndefined();
  });
});
