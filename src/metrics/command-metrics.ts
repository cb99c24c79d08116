import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { RuleViolation } from '../rules/common/rule-violation.js';

/**
 * The process's own measures, kept here rather than in a Nest provider so that the command path can
 * count with one call and no injection: commands by type and outcome, their latency, the appends that
 * met another writer first, the events appended. One registry per process (the metrics of a process
 * are the process's); GET /metrics adds each app's read-side gauges to it (see MetricsService).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/**
 * What became of a command: recorded, answered as before, refused by a rule or a check, given up after
 * meeting other writers on every attempt (busy, 409), or failed.
 */
export type CommandOutcome = 'accepted' | 'duplicate' | 'refused' | 'busy' | 'failed';

const commands = new Counter({
  name: 'umpire_commands_total',
  help: 'Match commands handled, by command type and outcome; refusals by the rule they break (rule="" for a refusal that names none: access, a missing match).',
  labelNames: ['command', 'outcome', 'rule'] as const,
  registers: [processRegistry],
});

const latency = new Histogram({
  name: 'umpire_command_duration_seconds',
  help: 'Time from a match command reaching its handler to its answer, by command type and outcome.',
  labelNames: ['command', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [processRegistry],
});

const conflicts = new Counter({
  name: 'umpire_command_conflicts_total',
  help: 'Appends of a command that met another writer first (another request or instance) and were decided again.',
  registers: [processRegistry],
});

const appended = new Counter({
  name: 'umpire_events_appended_total',
  help: 'Events appended by match commands in this process, by command type.',
  labelNames: ['command'] as const,
  registers: [processRegistry],
});

/**
 * Runs a match command, counting it and timing it. The answer is the command's own, untouched; a
 * result with `duplicate: true` is an earlier answer given again (nothing appended).
 */
export async function observeCommand<R extends { duplicate: boolean; events: readonly unknown[] }>(
  type: string,
  handle: () => Promise<R>,
): Promise<R> {
  const started = performance.now();
  let outcome: CommandOutcome = 'failed';
  let rule = '';
  try {
    const result = await handle();
    outcome = result.duplicate ? 'duplicate' : 'accepted';
    if (!result.duplicate) appended.inc({ command: type }, result.events.length);
    return result;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      outcome = 'refused';
      rule = refusal.rule;
    } else if ((error as { name?: string }).name === 'MatchBusyError') {
      outcome = 'busy';
    }
    throw error;
  } finally {
    commands.inc({ command: type, outcome, rule });
    latency.observe({ command: type, outcome }, (performance.now() - started) / 1000);
  }
}

/**
 * The command path met another writer first and decides again. Not labelled by command: that would
 * take an AsyncLocalStorage, whose promise hooks slow every promise of the process on Node 20.
 */
export function countConflict(): void {
  conflicts.inc();
}

/** A refusal is any 4xx: a rule (with its id), an access check, a missing match; anything else failed. */
function refusalOf(error: unknown): { rule: string } | undefined {
  if (error instanceof RuleViolation) return { rule: error.ruleId };
  const status = (error as { getStatus?: () => number }).getStatus?.();
  if (typeof status === 'number' && status >= 400 && status < 500) return { rule: '' };
  const name = (error as { name?: string }).name;
  if (name === 'MatchNotFoundError' || name === 'NotYourCommandError') return { rule: '' };
  return undefined;
}
