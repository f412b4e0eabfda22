// Lint rules that keep the monorepo honest: typed promise rules, exhaustive switches,
// and Nx module boundaries (an app never imports another app; a lib never imports an app).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * What each layer of libs may import: the public SDK (packages/sdk) nothing of ours, since
 * merchants install it alone; contracts are the wire and depend on nothing; the base
 * libs (logging, signing, egress rules) on the SDK only; data libs (money, persistence) on
 * contracts; messaging on those three; the service kit on all of them; domain libs
 * (card-processing) on the kit; testing on everything, and only specs and test tools import it.
 */
const LIB_LAYERS = {
  'layer:public': [],
  'layer:contracts': [],
  'layer:base': ['layer:public'],
  'layer:data': ['layer:contracts'],
  'layer:messaging': ['layer:contracts', 'layer:base', 'layer:data'],
  'layer:kit': ['layer:contracts', 'layer:base', 'layer:data', 'layer:messaging'],
  'layer:domain': ['layer:contracts', 'layer:base', 'layer:data', 'layer:messaging', 'layer:kit'],
  'layer:testing': ['layer:public', 'layer:contracts', 'layer:base', 'layer:data', 'layer:messaging', 'layer:kit', 'layer:domain', 'layer:testing'],
};

const SERVICE_SCOPES = ['gateway', 'checkout', 'panel', 'console', 'payments', 'orders', 'ledger', 'payouts', 'disputes', 'webhooks', 'status'];

/** The Nx boundaries; a spec may also import the testing lib, whatever its layer. */
function moduleBoundaries({ specs }) {
  const layers = Object.entries(LIB_LAYERS).map(([layer, below]) => ({
    sourceTag: layer,
    onlyDependOnLibsWithTags: specs && layer !== 'layer:testing' ? [...below, 'layer:testing'] : below,
  }));
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
        ...layers,
        // The migrate tool walks every service's schema definition; nothing else may reach into apps.
        { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
        { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
        ...SERVICE_SCOPES.map((scope) => ({
          sourceTag: `scope:${scope}`,
          onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
        })),
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'packages/sdk/src/generated/**', 'node_modules/**', '.cache/**', 'tmp/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      '@nx/enforce-module-boundaries': moduleBoundaries({ specs: false }),
    },
  },
  {
    // The testing lib (real-stack harness, factories) is for specs and test tools only.
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'tools/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', 'libs/testing/**', 'libs/service-testing/**', 'tools/bench.ts', 'tools/bench/**', 'tools/faults.ts', 'tools/faults/**', 'tools/sandbox-merchant.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@platform/testing', message: 'libs/testing is for specs and test tools only' },
            { name: '@platform/service-testing', message: 'libs/service-testing is for integration specs only' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ specs: true }) },
  },
  {
    // Test helpers read untyped JSON responses; production code may not.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', 'test/**/*.ts', 'libs/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
