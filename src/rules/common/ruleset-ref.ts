import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** How every event names the rules it was decided under (id, version, hash of the parameters). */
export interface RulesetRef {
  id: string;
  version: string;
  hash: string;
}

/** SHA-256 over the RFC 8785 canonical JSON of the parameters: same parameters, same hash, anywhere. */
export function parametersHash(parameters: unknown): string {
  const canonical = canonicalize(parameters);
  if (canonical === undefined) throw new Error('ruleset parameters are not JSON');
  return createHash('sha256').update(canonical).digest('hex');
}

export function rulesetRef(id: string, version: string, parameters: unknown): RulesetRef {
  return { id, version, hash: parametersHash(parameters) };
}
