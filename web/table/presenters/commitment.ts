import type { ChoiceValue, CommandTemplate, TemplateChoice } from '../../shared/contract.js';

/*
 * AA-2 sealed by commitment: the template asks for the hex SHA-256 of "CARD|unitId|turn|salt", which
 * nobody can be expected to type. The page asks for the card instead (from the unit's own seal, which
 * offers the side's deck), draws the salt on this device, computes the commitment here and sends only
 * that. Card and salt stay in this browser's storage, for this seat only, until the reveal asks for
 * them (the reveal's own card and salt choices are filled in from it), so that a reload loses nothing
 * and no request before the reveal carries either.
 */

const COMMITMENT_LABEL = /^Hex SHA-256 of "CARD\|(.+)\|(\d+)\|salt"$/;

interface Secret {
  unitId: string;
  turn: number;
  card: string;
  salt: string;
  /** The digest sent for them: tells which sealing a refused step was when it is opened again. */
  commitment?: string;
}

export interface SecretStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The cards and salts this seat committed to, kept on this device only. */
export class CommitmentVault {
  constructor(
    private readonly storage: SecretStorage,
    private readonly key: string,
  ) {}

  private read(): Secret[] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as Secret[]) : [];
    } catch {
      return [];
    }
  }

  find(unitId: string, turn: number): Secret | undefined {
    return this.read().find((secret) => secret.unitId === unitId && secret.turn === turn);
  }

  /** What was sealed as this commitment from this device, while it is kept. */
  sealedAs(commitment: string): Secret | undefined {
    return this.read().find((secret) => secret.commitment === commitment);
  }

  keep(secret: Secret): void {
    const others = this.read().filter((s) => !(s.unitId === secret.unitId && s.turn === secret.turn));
    this.storage.setItem(this.key, JSON.stringify([...others, secret]));
  }

  /** A card is public once its turn is over (AA-5 revealed it): nothing of an earlier turn is kept. */
  forgetBefore(turn: number): void {
    const kept = this.read().filter((secret) => secret.turn >= turn);
    if (kept.length !== this.read().length) this.storage.setItem(this.key, JSON.stringify(kept));
  }
}

/** How the page shows a template: as it is, or with a step of its own before sending. */
export interface Shown {
  template: CommandTemplate;
  initial?: Record<string, ChoiceValue>;
  finish?: (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * For a template whose sent body holds less than its form asked (a commitment instead of the card):
   * the answers a step sent from it was made with, read on this device, or nothing when this device
   * no longer holds them.
   */
  refill?: (body: Record<string, unknown>) => Record<string, ChoiceValue> | undefined;
  /** What the player must know before filling it in (the card it asks for is not on this device). */
  note?: string;
}

/**
 * A reveal whose commitment this device did not make (another device of the side sealed the unit, or
 * this one's storage was cleared since): a card kept here for the unit would be the wrong one.
 */
const CARD_ELSEWHERE =
  'The card sealed for this unit is not on this phone: it was sealed from another device of your side (or this phone’s storage was cleared since). Reveal it from the device that sealed it.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * AA-2: the commitment the match holds for the unit's order of the turn (public: the card is not).
 * Found by its shape, in a record of the state keyed by unit id whose entry names the unit, the turn
 * and a hex SHA-256, never by a ruleset's name for it.
 */
export function sealedCommitment(state: unknown, unitId: string, turn: number): string | undefined {
  if (!isRecord(state)) return undefined;
  for (const value of Object.values(state)) {
    const order = isRecord(value) && Object.hasOwn(value, unitId) ? value[unitId] : undefined;
    if (
      isRecord(order) &&
      order.unitId === unitId &&
      order.turn === turn &&
      typeof order.commitment === 'string' &&
      /^[0-9a-f]{64}$/i.test(order.commitment)
    )
      return order.commitment.toLowerCase();
  }
  return undefined;
}

function commitmentChoice(
  template: CommandTemplate,
): { choice: TemplateChoice; unitId: string; turn: number } | undefined {
  for (const choice of template.choices) {
    const match = choice.kind === 'text' ? COMMITMENT_LABEL.exec(choice.label) : null;
    if (match) return { choice, unitId: match[1]!, turn: Number(match[2]) };
  }
  return undefined;
}

const cardChoiceOf = (template: CommandTemplate): TemplateChoice | undefined =>
  template.choices.find(
    (choice) =>
      choice.kind === 'one-of' &&
      choice.path === 'card' &&
      choice.options.length > 0 &&
      choice.options.every((option) => typeof option.value === 'string'),
  );

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** AA-2: lower-case hex SHA-256 of `${card}|${unitId}|${turn}|${salt}` (UTF-8), as the service checks it. */
export async function commitmentOf(
  card: string,
  unitId: string,
  turn: number,
  salt: string,
): Promise<string> {
  const text = new TextEncoder().encode(`${card}|${unitId}|${turn}|${salt}`);
  return hex(await crypto.subtle.digest('SHA-256', text));
}

/** 32 random bytes: a guessable salt would let the opponent try all 54 cards. */
export function newSalt(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

export function withCommitment(
  template: CommandTemplate,
  siblings: readonly CommandTemplate[],
  vault: CommitmentVault,
  turn: number | undefined,
  state: unknown,
): Shown | undefined {
  const asked = commitmentChoice(template);
  if (asked && crypto.subtle) {
    const seal = siblings.find(
      (other) => other !== template && other.unitId === template.unitId && cardChoiceOf(other),
    );
    const card = seal && cardChoiceOf(seal);
    if (!card) return undefined;
    return {
      template: {
        ...template,
        choices: template.choices.map((choice) =>
          choice === asked.choice
            ? {
                ...card,
                label: `${card.label}: this phone computes the commitment and keeps the card and its salt until the reveal`,
              }
            : choice,
        ),
      },
      finish: async (body) => {
        const chosen = String(body[card.path]);
        const salt = newSalt();
        const commitment = await commitmentOf(chosen, asked.unitId, asked.turn, salt);
        vault.keep({ unitId: asked.unitId, turn: asked.turn, card: chosen, salt, commitment });
        const { [card.path]: _card, ...rest } = body;
        return { ...rest, [asked.choice.path]: commitment };
      },
      // The card chosen for a sealing sent from here, from this device's own storage: a refused sealing
      // opens again with it, and is sent again, as ever, as a fresh commitment only.
      refill: (body) => {
        const sent = body[asked.choice.path];
        const secret = typeof sent === 'string' ? vault.sealedAs(sent) : undefined;
        return secret && secret.unitId === asked.unitId && secret.turn === asked.turn
          ? { [card.path]: secret.card }
          : undefined;
      },
    };
  }
  const salt = template.choices.find((choice) => choice.kind === 'text' && choice.path === 'salt');
  const unitId = typeof template.body.unitId === 'string' ? template.body.unitId : template.unitId;
  if (salt && unitId && turn !== undefined) {
    // Only the card sealed as the match's commitment opens it: any other kept here would be refused,
    // and would have been sent in the clear for nothing.
    const sealed = sealedCommitment(state, unitId, turn);
    if (sealed === undefined) return undefined;
    const secret = vault.sealedAs(sealed);
    if (secret && secret.unitId === unitId && secret.turn === turn)
      return { template, initial: { card: secret.card, [salt.path]: secret.salt } };
    return { template, note: CARD_ELSEWHERE };
  }
  return undefined;
}
