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
};
