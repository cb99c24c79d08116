/**
 * What a browser build of the verifier puts in place of Node's built-ins: the verifier's sources
 * (src/audit, src/match/dice-fairness.ts, src/rules) import node:crypto and node:timers/promises, and
 * stay exactly the service's; the bundler resolves those two names to these adapters. Shared by the
 * package's browser build (vite.browser.config.ts) and the watch page's (web/vite.config.ts), which
 * runs the verifier in a worker. Buffer, a global, is installed by browser/install-buffer.ts instead.
 */
const adapter = (file: string): string =>
  decodeURIComponent(new URL(`./src/browser/${file}`, import.meta.url).pathname);

export const browserAliases: Record<string, string> = {
  'node:crypto': adapter('node-crypto.ts'),
  'node:timers/promises': adapter('timers-promises.ts'),
};
