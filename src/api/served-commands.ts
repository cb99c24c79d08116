import type { CommandDeclaration, CommandRole } from '../rules/common/command-declaration.js';
import type { JsonSchema } from '../rules/common/json-schema.js';
import { type AnyRuleset, currentRuleset, rulesetIds, versionsOf } from '../rulesets/registry.js';
import { withCommandId } from './command-body.js';
import { pascalCase } from './openapi-events.js';

/** One route of POST /matches/{id}/{segment}, as served and documented for every ruleset declaring it. */
export interface ServedCommand {
  segment: string;
  type: string;
  roles: readonly CommandRole[];
  /** The body as checked and documented: commandId first, then the declared fields. */
  body: JsonSchema;
  bodyName: string;
  example: Readonly<Record<string, unknown>>;
  defaultsToCommandId?: string;
  summary: string;
  description?: string;
  tag: string;
  operationId: string;
}

/**
 * One body for a segment several rulesets share: every member any of them declares (documented as the
 * first to declare it does, and marked with the rulesets that have it when not all do), required only
 * where all require it. The match's ruleset decides the command, and checks its own fields again.
 */
function sharedBody(declared: readonly { rulesetId: string; declaration: CommandDeclaration }[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const holders = new Map<string, string[]>();
  for (const { rulesetId, declaration } of declared) {
    for (const [name, member] of Object.entries(declaration.body.properties ?? {})) {
      properties[name] ??= member;
      holders.set(name, [...(holders.get(name) ?? []), rulesetId]);
    }
  }
  for (const [name, ids] of holders) {
    if (ids.length < declared.length) {
      const member = properties[name]!;
      const own = member.description;
      properties[name] = { ...member, description: own ? `${ids.join(', ')}: ${own}` : `${ids.join(', ')}.` };
    }
  }
  const required = Object.keys(properties).filter((name) =>
    declared.every(({ declaration }) => declaration.body.required?.includes(name) ?? false),
  );
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * Every command route of every registered ruleset (their current versions), one per segment, in
 * registry order. The operation ids and tags are the ones the typed client was generated with: the
 * ruleset's (`HandToHandController_charge`, tag hand-to-hand), or the match's for a shared segment
 * (`MatchesController_registerUnit`, tag matches).
 */
export function servedCommands(): ServedCommand[] {
  const bySegment = new Map<string, { rulesetId: string; declaration: CommandDeclaration }[]>();
  for (const rulesetId of rulesetIds()) {
    refuseDivergentVersions(versionsOf(rulesetId));
    for (const declaration of currentRuleset(rulesetId)?.commands ?? []) {
      bySegment.set(declaration.segment, [
        ...(bySegment.get(declaration.segment) ?? []),
        { rulesetId, declaration },
      ]);
    }
  }
  return [...bySegment.entries()].map(([segment, declared]) => {
    const [{ rulesetId, declaration }] = declared as [(typeof declared)[number]];
    for (const other of declared) {
      const { type, roles, operation, bodyName } = other.declaration;
      if (
        type !== declaration.type ||
        operation !== declaration.operation ||
        bodyName !== declaration.bodyName ||
        roles.join() !== declaration.roles.join()
      ) {
        throw new Error(
          `rulesets ${rulesetId} and ${other.rulesetId} both serve /${segment}: they must declare the same command type, operation, body name and roles`,
        );
      }
    }
    const shared = declared.length > 1;
    const example = Object.assign({}, ...declared.map((d) => d.declaration.example).reverse()) as Record<
      string,
      unknown
    >;
    return {
      segment,
      type: declaration.type,
      roles: declaration.roles,
      body: withCommandId(shared ? sharedBody(declared) : declaration.body),
      bodyName: `${declaration.bodyName}Dto`,
      example: shared
        ? orderedLike(
            declared.map((d) => d.declaration.example),
            example,
          )
        : declaration.example,
      ...(declaration.defaultsToCommandId ? { defaultsToCommandId: declaration.defaultsToCommandId } : {}),
      summary: declaration.summary,
      ...(declaration.description !== undefined ? { description: declaration.description } : {}),
      tag: shared ? 'matches' : rulesetId,
      operationId: `${shared ? 'Matches' : pascalCase(rulesetId)}Controller_${declaration.operation}`,
    };
  });
}

/** The members of several examples, in the order they first appear, the first example's values winning. */
function orderedLike(
  examples: readonly Readonly<Record<string, unknown>>[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const keys = [...new Set(examples.flatMap((example) => Object.keys(example)))];
  return Object.fromEntries(keys.map((key) => [key, values[key]]));
}

/**
 * A route checks a body before the match it names is loaded, so it checks the current version's body
 * for every match of the ruleset. Declared commands therefore change only by adding (src/rules/README.md):
 * each command of an older version is still served, to the same keys, and its body takes every field it
 * took, as it took it, and requires no new one (a new field is optional, and the version that does not
 * know it is its ruleset's to refuse). A version that breaks this is refused at start-up, not served wrong.
 */
export function refuseDivergentVersions(versions: readonly AnyRuleset[]): void {
  const current = versions[versions.length - 1];
  if (!current) return;
  const served = new Map(current.commands.map((declaration) => [declaration.segment, declaration]));
  for (const older of versions.slice(0, -1)) {
    for (const declaration of older.commands) {
      const now = served.get(declaration.segment);
      if (now === declaration) continue;
      const unlike = now ? changeOf(declaration, now) : 'it is no longer served';
      if (unlike !== undefined) {
        throw new Error(
          `ruleset ${current.id} ${older.version} declares /${declaration.segment} unlike its current version ${current.version}: ${unlike}; declared commands change only by adding`,
        );
      }
    }
  }
}

/** How a command's declaration changed other than by adding an optional field, if it did. */
function changeOf(before: CommandDeclaration, now: CommandDeclaration): string | undefined {
  for (const member of ['type', 'operation', 'bodyName', 'defaultsToCommandId'] as const) {
    if (before[member] !== now[member]) return `its ${member} changed`;
  }
  if (before.roles.join() !== now.roles.join()) return 'its roles changed';
  const was = before.body.properties ?? {};
  const is = now.body.properties ?? {};
  for (const [name, member] of Object.entries(was)) {
    if (JSON.stringify(member) !== JSON.stringify(is[name])) return `its field ${name} changed`;
  }
  const required = new Set(before.body.required ?? []);
  const added = (now.body.required ?? []).find((name) => !required.has(name));
  if (added !== undefined) return `it now requires ${added}`;
  if ((now.body.required ?? []).length !== required.size) return 'a field it required is now optional';
  return undefined;
}
