/** Three layers: unit specs beside the code, integration specs per service on real
 * Postgres and Kafka, end-to-end specs through the gateway on the whole stack. */
const swc = [
  '@swc/jest',
  {
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const libs = ['contracts', 'signing', 'money', 'egress', 'card-processing', 'messaging', 'persistence', 'observability', 'service-kit', 'web-auth', 'testing', 'service-testing'];
const moduleNameMapper = {
  ...Object.fromEntries(libs.map((lib) => [`^@platform/${lib}$`, `<rootDir>/libs/${lib}/src/index.ts`])),
  '^@card-platform/sdk$': '<rootDir>/packages/sdk/src/index.ts',
  '^@card-platform/sdk/signing$': '<rootDir>/packages/sdk/src/signing/index.ts',
  // The SDK is written as ES modules: its relative imports name the .js file tsc will emit.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
const base = { transform: { '^.+\\.ts$': swc }, moduleNameMapper, testEnvironment: 'node', rootDir: __dirname };

module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools,packages}/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/real-infrastructure-timeouts.ts'],
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
    },
    {
      ...base,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/real-infrastructure-timeouts.ts'],
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
    },
  ],
};
