import type { ChoiceValue, CommandTemplate, TemplateChoice } from '../shared/contract.js';
import type { Pending } from '../shared/match-view.js';
import { possessive } from '../shared/possessive.js';

export type Dispute = NonNullable<Pending['disputes']>[number];

/** The path at which a ruling names the event the match is backed up to (C-5). */
export const BACKUP_PATH = 'backupTo';

/** The dispute a ruling's template rules on, by the dispute id in its route. */
export function disputeRuledBy(template: CommandTemplate, disputes: readonly Dispute[]): Dispute | undefined {
  if (template.action !== 'ruling') return undefined;
  return disputes.find((d) => template.route.endsWith(`/disputes/${encodeURIComponent(d.disputeId)}/ruling`));
}

/** The ruling's choice of an event to back up to; absent once the match has ended (C-4). */
export function backupChoiceOf(
  template: CommandTemplate,
): Extract<TemplateChoice, { kind: 'one-of' }> | undefined {
  const choice = template.choices.find((c) => c.path === BACKUP_PATH);
  return choice?.kind === 'one-of' ? choice : undefined;
}

/**
 * C-5, Q-32: the event an upheld ruling naturally backs the match up to: the latest the play contract
 * offers before the disputed event, so that the disputed event goes, with the command it belongs to
 * and everything after it, and nothing earlier. None when the disputed event is already undone, or
 * when no offered event comes before it.
 */
export function suggestedBackup(
  template: CommandTemplate,
  dispute: Dispute | undefined,
  undone: (revision: number) => boolean,
): number | undefined {
  const choice = backupChoiceOf(template);
  if (!choice || !dispute || undone(dispute.revision)) return undefined;
  let best: number | undefined;
  for (const option of choice.options) {
    const value = option.value;
    if (typeof value === 'number' && value < dispute.revision && (best === undefined || value > best)) {
      best = value;
    }
  }
  return best;
}

/** A ruling upheld with no event to back up to, while one could be chosen: it changes nothing in the match. */
export function upholdsWithoutBackup(template: CommandTemplate, body: Record<string, unknown>): boolean {
  return (
    template.action === 'ruling' &&
    body.ruling === 'upheld' &&
    body[BACKUP_PATH] === undefined &&
    backupChoiceOf(template) !== undefined
  );
}

/**
 * What was done, in words, once the service took it: "Ruled on Zulus' dispute of event 5: upheld, the
 * match backed up to after event 4."
 */
export function doneWords(
  template: CommandTemplate,
  body: Record<string, unknown>,
  dispute: Dispute | undefined,
  sideName: (side?: string) => string,
): string {
  const event = (value: unknown) => `after event ${String(value as ChoiceValue)}`;
  switch (template.action) {
    case 'ruling': {
      const whose = dispute
        ? `${possessive(sideName(dispute.side))} dispute of event ${dispute.revision}`
        : 'the dispute';
      if (body.ruling === 'upheld') {
        const backup =
          body[BACKUP_PATH] === undefined
            ? 'the match not backed up (nothing in it changed)'
            : `the match backed up to ${event(body[BACKUP_PATH])}`;
        return `Ruled on ${whose}: upheld, ${backup}.`;
      }
      return `Ruled on ${whose}: ${String(body.ruling)}.`;
    }
    case 'backup':
      return `Backed the match up to ${event(body.toRevision)}.`;
    case 'end':
      return `Ended the match: ${body.winner === 'draw' ? 'a draw' : `a win for ${sideName(String(body.winner))}`}.`;
    default:
      return `Done: ${template.label}.`;
  }
}
