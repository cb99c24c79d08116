/**
 * A refusal as the desk shows it: the service names participants by id ("participant p4 is paired in
 * round 1"), which nobody at the desk knows them by; each id the page knows is replaced by the
 * participant's name ("Dana Dunn is paired in round 1"). Ids it does not know are left as they are.
 */
export function withNames(text: string, people: readonly { participantId: string; name: string }[]): string {
  const names = new Map(people.map((p) => [p.participantId, p.name]));
  if (names.size === 0) return text;
  const ids = [...names.keys()]
    .sort((a, b) => b.length - a.length)
    .map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?:\\b[Pp]articipant )?(?<![\\w-])(${ids.join('|')})(?![\\w-])`, 'g');
  return text.replace(pattern, (_, id: string) => names.get(id) ?? id);
}
