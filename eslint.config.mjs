// Lint rules for the whole workspace. Module boundaries are enforced on two tag axes:
// scope (which service owns the code) and type (what kind of project it is).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', '**/.data', '**/tmp', '**/*.cjs'],
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            // Applications are deployed on their own: they never import each other.
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
            },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:testing', 'type:data-access', 'type:util'],
            },
            // Shared code never reaches into a service.
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:gateway', 'scope:shared'] },
            { sourceTag: 'scope:curation', onlyDependOnLibsWithTags: ['scope:curation', 'scope:shared'] },
            { sourceTag: 'scope:bridge', onlyDependOnLibsWithTags: ['scope:bridge', 'scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    // Tests and benchmarks (and their shared helpers, `*.spec-helpers.ts`, `bench/support/`) may use the
    // testing libraries; production files may not (see type:testing above, and this rule, which keeps
    // test-only imports out of non-test sources).
    files: ['**/*.spec.ts', '**/*.spec-helpers.ts', '**/*.bench.ts', '**/bench/support/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': 'off',
      'no-console': 'off',
    },
  },
];
