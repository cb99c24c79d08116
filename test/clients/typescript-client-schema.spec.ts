import { readFileSync } from 'node:fs';
import { createApp } from '../../src/app.js';
import { configFromEnv } from '../../src/config/app-config.js';
import {
  SCHEMA_FILE,
  schemaSource,
  serviceDocument,
} from '../../clients/typescript/scripts/openapi-schema.js';

/**
 * The typed client's types are generated from the service's OpenAPI document and committed, so the
 * client builds without the service. A route or DTO changed without regenerating them would leave
 * the client typed against an API that no longer exists: this fails until they are regenerated.
 */
describe('the typed client’s generated types (clients/typescript/src/schema.d.ts)', () => {
  it('are what openapi-typescript makes of the service’s OpenAPI document today', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const current = await schemaSource(await serviceDocument(createApp, configFromEnv({})));
    if (current !== committed) {
      const lines = [committed.split('\n'), current.split('\n')];
      const length = Math.max(lines[0]!.length, lines[1]!.length);
      const at = Array.from({ length }, (_, index) => index).find((i) => lines[0]![i] !== lines[1]![i]) ?? 0;
      throw new Error(
        `clients/typescript/src/schema.d.ts is out of date with the OpenAPI document: run \`npm run client:generate\` and commit it.\n` +
          `First difference at line ${at + 1}:\n  committed: ${lines[0]![at] ?? '(end of file)'}\n  generated: ${lines[1]![at] ?? '(end of file)'}`,
      );
    }
    expect(current).toBe(committed);
  }, 60_000);
});
