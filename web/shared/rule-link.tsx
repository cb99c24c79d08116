import { useEffect, useRef } from 'preact/hooks';

export interface RuleText {
  ruleId: string;
  title: string;
  text: string;
}

/** A rule id as a button that opens the rule's text. */
export function RuleLink(props: { ruleId: string; onRule: (ruleId: string) => void }) {
  return (
    <button
      type="button"
      class="rule-id rule-link"
      aria-label={`Rule ${props.ruleId}: read it`}
      onClick={() => props.onRule(props.ruleId)}
    >
      {props.ruleId}
    </button>
  );
}

/** The text of one rule, as the service publishes it for the match's ruleset version. */
export function RuleDialog(props: { rule: RuleText | { ruleId: string }; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, [props.rule.ruleId]);
  const { rule } = props;
  return (
    <dialog ref={dialog} class="rule-dialog" aria-labelledby="rule-title" onClose={props.onClose}>
      <h2 id="rule-title">
        <span class="rule-id">{rule.ruleId}</span> {'title' in rule ? rule.title : ''}
      </h2>
      <p>{'text' in rule ? rule.text : 'This rule’s text is not published for this ruleset version.'}</p>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
