// Lint rules for the whole workspace. Module boundaries are enforced on two tag axes:
// scope (which service owns the code) and type (what kind of project it is).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * The boundaries between projects. Tests keep them (an app's spec may not reach into another app,
 * shared code's spec not into a service) and may in addition use the testing libraries.
 */
function moduleBoundaries({ tests }) {
  const testing = tests ? ['type:testing'] : [];
  return {
    enforceBuildableLibDependency: true,
    allow: [],
    depConstraints: [
      // Applications are deployed on their own: they never import each other.
      {
        sourceTag: 'type:app',
        onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util', ...testing],
      },
      {
        sourceTag: 'type:feature',
        onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util', ...testing],
      },
      {
        sourceTag: 'type:data-access',
        onlyDependOnLibsWithTags: ['type:data-access', 'type:util', ...testing],
      },
      { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', ...testing] },
      // Web apps run in the browser: they use only other browser code, never a service's.
      { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', ...testing] },
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
  };
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', '**/.data', '**/tmp', '**/*.cjs'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ tests: false })],
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
    // testing libraries; production files may not.
    files: ['**/*.spec.ts', '**/*.spec-helpers.ts', '**/*.bench.ts', '**/bench/support/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ tests: true })],
      'no-console': 'off',
    },
  },
];
