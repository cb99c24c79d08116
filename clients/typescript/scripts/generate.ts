/**
 * `npm run client:generate`: writes src/schema.d.ts from the service's OpenAPI document.
 *
 * The app is imported compiled (dist/, which the npm script builds first), not from its TypeScript
 * source: tsx compiles with esbuild, which emits no decorator metadata, and Nest's dependency
 * injection needs it. The drift test builds the same document from source under ts-jest.
 */
import { writeFileSync } from 'node:fs';
import type { createApp as CreateAppFn } from '../../../src/app.js';
import type { configFromEnv as ConfigFromEnvFn } from '../../../src/config/app-config.js';
import { SCHEMA_FILE, schemaSource, serviceDocument } from './openapi-schema.js';

const compiled = (path: string) => new URL(`../../../dist/src/${path}`, import.meta.url).href;
const { createApp } = (await import(compiled('app.js'))) as { createApp: typeof CreateAppFn };
const { configFromEnv } = (await import(compiled('config/app-config.js'))) as {
  configFromEnv: typeof ConfigFromEnvFn;
};

const document = await serviceDocument(createApp, configFromEnv({}));
writeFileSync(SCHEMA_FILE, await schemaSource(document));
console.log(`wrote ${SCHEMA_FILE}`);
