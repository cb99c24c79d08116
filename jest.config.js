// Jest runs in ESM mode because NestJS 12 ships ES modules only.
// ts-jest transpiles each file on its own (isolatedModules); `npm run typecheck` does the type checking.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // See test/support/content-disposition.cjs.
    '^content-disposition$': '<rootDir>/test/support/content-disposition.cjs',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  // A timeout only catches a test that hangs: CI runs files side by side on two cores, and a test that waits
  // on a child process, a build or Chromium may take a few times what it takes alone.
  testTimeout: 60000,
  // Three workers on a 2-core machine: the e2e and browser tests wait on sockets, a child process or
  // Chromium for much of their time, so three files at once keep both cores busy.
  maxWorkers: 3,
};
