/** A ruleset the service serves, as GET /rulesets lists it: every version a match (or tournament) may name. */
export interface ServedRuleset {
  id: string;
  versions: string[];
  current: string;
}

/**
 * The ruleset and its version, from what the service serves: the current version unless an older one
 * is chosen (its rules as they were). `none` names an empty choice ("chosen per match"); without it a
 * ruleset is required. A new ruleset puts the version back to its current one.
 */
export function RulesetChoice(props: {
  idPrefix: string;
  label: string;
  served?: ServedRuleset[];
  ruleset: string;
  version: string;
  onChange: (ruleset: string, version: string) => void;
  none?: string;
}) {
  const { idPrefix, served, ruleset, version, onChange, none } = props;
  const chosen = served?.find((r) => r.id === ruleset);
  return (
    <>
      <label for={`${idPrefix}-ruleset`}>{props.label}</label>
      <select
        id={`${idPrefix}-ruleset`}
        name="ruleset"
        required={none === undefined}
        value={ruleset}
        onChange={(e) => onChange(e.currentTarget.value, '')}
      >
        {(none !== undefined || !served) && (
          <option value="">{served ? none : 'Loading the rulesets…'}</option>
        )}
        {served?.map((r) => (
          <option key={r.id} value={r.id}>
            {r.id}
          </option>
        ))}
      </select>
      <label for={`${idPrefix}-ruleset-version`}>Ruleset version</label>
      <select
        id={`${idPrefix}-ruleset-version`}
        name="rulesetVersion"
        value={version}
        disabled={!chosen}
        onChange={(e) => onChange(ruleset, e.currentTarget.value)}
      >
        <option value="">{chosen ? `${chosen.current} (current)` : 'Choose a ruleset first'}</option>
        {chosen?.versions
          .filter((v) => v !== chosen.current)
          .reverse()
          .map((v) => (
            <option key={v} value={v}>
              {v} (older: its rules as they were)
            </option>
          ))}
      </select>
    </>
  );
}
