import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

// A later config's no-restricted-imports replaces an earlier one for the same file, so each zone lists its own
// patterns plus those of the zones around it.
const clientPatterns = [
  { group: ['ky'], message: 'Only src/api/client.ts talks HTTP: call a function of src/api/<domain>.api.ts.' },
  { regex: '(^|/)server/', message: 'The client never imports the server; share types through src/api/contract.' },
];
const viewPatterns = [
  ...clientPatterns,
  { group: ['ky'], message: 'Views never talk to the network: send an event to a machine instead.' },
  {
    regex: '(^|/)api/(client|[a-z-]+\\.api)$',
    allowTypeImports: true,
    message: 'Views never call src/api: a machine actor does the I/O, the view renders its state and sends events.',
  },
];
const otherScreen = "A screen never imports another screen's files: move the shared piece into src/views/ui and use it from both.";
// Shared by screens: the kit (ui/), the theme, the list-and-form pattern that binds its machine to the kit, and a
// site's readings as tiles (site-readings/: the site dashboard, its shared page and the wall show them alike).
const screenPatterns = [
  ...viewPatterns,
  { regex: '^\\.\\./(?!ui/|theme/|list-and-form/|site-readings/|\\.\\./)[^/]+/', message: otherScreen },
  // The same reached the long way round (../../views/alerts/…).
  { regex: '^(\\.\\./)+views/(?!ui/|theme/|list-and-form/|site-readings/)[^/]+/', message: otherScreen },
];
const kitPatterns = [
  ...screenPatterns,
  { regex: '(^|/)machines/(?!form$|commands$)', message: 'The kit (src/views/ui) knows no machine: a screen, or src/views/list-and-form for the list pattern, binds a machine to it.' },
  { regex: '^\\.\\./list-and-form/', message: 'The kit (src/views/ui) knows no machine: a screen, or src/views/list-and-form for the list pattern, binds a machine to it.' },
];
const machinePatterns = [
  ...clientPatterns,
  { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'wouter', 'wouter/*'], message: 'Machines import no React: they must run in tests and on the server without a DOM.' },
  { regex: '(^|/)views/', message: 'Machines never import views: views depend on machines, not the other way round.' },
  { group: ['ky'], message: 'Machines do I/O through named actors that call src/api, never ky directly.' },
];
const apiPatterns = [
  { regex: '(^|/)server/', message: 'The client never imports the server; share types through src/api/contract.' },
  { regex: '(^|/)(machines|views)/', message: 'src/api decides nothing: it must not know machines or views.' },
  { group: ['react', 'react-dom', '@xstate/react', 'xstate'], message: 'src/api is plain I/O: no React, no machines.' },
];

const serverPatterns = [
  { regex: '^(\\.\\./)+src/(?!api/contract/)', message: 'The server shares only the zod contract (src/api/contract) with the client.' },
  { group: ['react', 'react-dom', 'xstate', '@xstate/react', 'ky'], message: 'The server has no client code.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  { files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The house boundaries of STYLE.md, each with the reason in its message.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/client.ts'],
    rules: { 'no-restricted-imports': restrict(clientPatterns) },
  },
  { files: ['src/views/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(viewPatterns) } },
  // Each folder under src/views is one screen (ui/ and theme/ are the shared kit); files directly in src/views compose them.
  { files: ['src/views/*/**/*.{ts,tsx}'], ignores: ['src/views/ui/**'], rules: { 'no-restricted-imports': restrict(screenPatterns) } },
  { files: ['src/views/ui/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(kitPatterns) } },
  {
    files: ['src/machines/**/*.ts', 'src/template-demos/**/*.machine.ts'],
    rules: { 'no-restricted-imports': restrict(machinePatterns) },
  },
  {
    // Machine files are behaviour only; what touches the browser is an actor in a file of its own beside them.
    files: ['src/machines/**/*.machine.ts', 'src/template-demos/**/*.machine.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['document', 'window', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
          name,
          message: 'A machine file holds behaviour only: put what touches the browser in a fromCallback/fromPromise actor in a file of its own beside it.',
        })),
      ],
    },
  },
  // src/api keeps the client's rules; only its client.ts talks HTTP with ky.
  {
    files: ['src/api/**/*.ts'],
    ignores: ['src/api/client.ts'],
    rules: { 'no-restricted-imports': restrict([clientPatterns[0], ...apiPatterns]) },
  },
  { files: ['src/api/client.ts'], rules: { 'no-restricted-imports': restrict(apiPatterns) } },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(serverPatterns) },
  },
  {
    // Routes call services, services call repositories: a route reads the request, checks it and answers.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ...serverPatterns,
        { group: ['kysely'], message: 'Routes hold no SQL: call a function of server/db/<table>.repository.ts (or a service that does).' },
      ]),
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction|with|executeQuery)$/]",
          message: 'Routes hold no SQL: call a function of server/db/<table>.repository.ts (or a service that does).',
        },
      ],
    },
  },
  {
    // Services keep the business rules and their transactions; the statements inside are a repository's.
    files: [
      'server/alerts/notifications.ts', 'server/reports/fridge-reports.ts', 'server/exports/export-jobs.ts',
      'server/exports/export-schedules.ts', 'server/resources/export-schedules.ts',
    ],
    rules: {
      'no-restricted-imports': restrict([
        ...serverPatterns,
        { group: ['kysely'], message: 'Services hold no SQL: call a function of server/db/<table>.repository.ts (a transaction stays here).' },
      ]),
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with|executeQuery)$/]",
          message: 'Services hold no SQL: call a function of server/db/<table>.repository.ts (a transaction stays here).',
        },
      ],
    },
  },
);
