// `npm run playout -- <matches> [--seed n] [--ruleset id] [--dice table|server] [--steps n]`: the
// random playouts of test/property, longer than CI runs them, or one failing seed again.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const env = { ...process.env, NODE_OPTIONS: '--experimental-vm-modules', PLAYOUT_REPORT: '1' };
const named = {
  '--seed': 'PLAYOUT_SEED',
  '--ruleset': 'PLAYOUT_RULESET',
  '--dice': 'PLAYOUT_DICE',
  '--steps': 'PLAYOUT_STEPS',
};
for (let i = 0; i < args.length; i++) {
  const name = named[args[i]];
  if (name) env[name] = args[++i];
  else if (/^\d+$/.test(args[i])) env.PLAYOUT_MATCHES = args[i];
  else {
    console.error(`unknown argument ${args[i]}`);
    process.exit(2);
  }
}
const jest = spawnSync('npx', ['jest', 'test/property', '--maxWorkers=1'], { stdio: 'inherit', env });
process.exit(jest.status ?? 1);
