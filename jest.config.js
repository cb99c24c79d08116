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
  testTimeout: 30000,
  // Two workers even on a 2-core machine: the e2e and browser tests wait on sockets, a child process or
  // Chromium for much of their time, so two files at once finish well before one after the other.
  maxWorkers: 2,
};
