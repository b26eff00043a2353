// Lint rules of the house (security.md C5): TypeScript's recommended set, React and hooks rules,
// no dangerouslySetInnerHTML, no unsanitized DOM writes, and the security plugin on the server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import security from 'eslint-plugin-security';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import globals from 'globals';

/** Another module's repository, reached by going up out of this module (`../llcs/llcs.repository.js`). */
const otherModulesRepository = {
  regex: '^(\\.\\./)+.*\\.repository(\\.js)?$',
  message: "Another module's repository is its own: import that module's public face (<module>/<module>.ts) instead.",
};

const noParseFloat = { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is parsed from decimal text into cents (domain/money.ts), never with parseFloat.' };

/**
 * A kept reply's bytes are taken only by the one registration of the routes (src/server/http/register-endpoints.ts,
 * modules/read-model/kept-reply.ts): anywhere else `keptBytes` is refused, imported, re-exported or reached as a member.
 */
const keptBytesMessage = "Only src/server/http/register-endpoints.ts takes a kept reply's bytes (modules/read-model/kept-reply.ts).";
const keptBytesOnlyInRegistration = [
  { selector: "ImportSpecifier[imported.name='keptBytes']", message: keptBytesMessage },
  { selector: "ExportSpecifier[local.name='keptBytes']", message: keptBytesMessage },
  { selector: "MemberExpression[property.name='keptBytes']", message: keptBytesMessage },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'data-demo/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noParseFloat, ...keptBytesOnlyInRegistration],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'no-unsanitized': noUnsanitized },
    settings: { react: { version: '19' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react/no-danger': 'error',
      'react/prop-types': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-unsanitized/method': 'error',
      'no-unsanitized/property': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/contract/**/*.ts'],
    plugins: { security },
    rules: {
      ...security.configs.recommended.rules,
      // Object lookups by keys from our own code and checked enums are the norm here; the rule is noise.
      'security/detect-object-injection': 'off',
      // File paths come from configuration or are checked for containment (plugins/spa.ts), never raw input.
      'security/detect-non-literal-fs-filename': 'off',
      'no-console': 'error',
    },
  },
  // The layers, enforced (docs/architecture.md): each folder may import only the layers below it.
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '**/web/**', 'fastify*', 'pg', '@electric-sql/*', 'react*'], message: 'The contract is shared by server and browser: it imports only zod and itself.' },
      ] }],
    },
  },
  {
    files: ['src/contract/values/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['zod', '../*', '!./*'], message: 'contract/values is a pure leaf: plain functions the domain may import.' },
      ] }],
    },
  },
  {
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./(?!\\.\\./contract/values/)|fastify|pg$|@electric-sql/|zod$)', message: 'The domain is pure: it imports only itself and contract/values, never the database, HTTP or services.' },
      ] }],
    },
  },
  // A module's repository is its own: other modules import the module's public face, <module>/<module>.ts
  // (docs/architecture.md, "Modules"). A later block that sets no-restricted-imports for these files
  // replaces this one, so the services' and repositories' block below repeats the pattern.
  {
    files: ['src/server/modules/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesRepository] }] },
  },
  {
    files: ['src/server/modules/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      { ...otherModulesRepository, regex: '^\\./[^/]+/.*\\.repository(\\.js)?$' },
    ] }] },
  },
  {
    files: ['src/server/modules/**/*.service.ts', 'src/server/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['fastify', '**/http/*', '**/plugins/*'], message: 'Services and repositories know nothing of HTTP: routes hand them parsed input.' },
        otherModulesRepository,
      ] }],
    },
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/features/**'], message: 'Shared components and lib serve every feature; they never import one.' },
      ] }],
    },
  },
  ...['admin', 'auth', 'investor'].map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['admin', 'auth', 'investor'].filter((other) => other !== feature).map((other) => `**/${other}/**`), message: 'A feature does not import another feature: shared code moves to components/ or lib/.' },
      ] }],
    },
  })),
  {
    // The one registration of the routes sends kept replies as they were kept (keptBytesOnlyInRegistration above).
    files: ['src/server/http/register-endpoints.ts'],
    rules: { 'no-restricted-syntax': ['error', noParseFloat] },
  },
  {
    // The entry points talk to the operator on the console.
    files: ['src/server/main.ts', 'src/server/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
