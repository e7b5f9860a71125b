import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

// The layering: shared code (components, hooks, api, store, router, styles,
// context, and the modules at the top of src/) never reaches up into
// elements/; an element folder uses shared code and its own files, never
// another element's. <flex-portal> alone composes the other elements' screens,
// and the entry points (index, define, script-tag) register the elements.
// Every folder under elements/ is an element: one added later is held by the
// rule without touching this file.
const ELEMENTS = readdirSync(new URL('./src/elements/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const ELEMENT_FOLDERS = ELEMENTS.filter((name) => name !== 'portal')
const sharedCode = { group: ['**/elements/**'], message: 'Shared code must not import from elements/: move what both need down a layer.' }
const layering = [
  {
    files: ['src/{components,hooks,api,store,router,styles,context}/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    ignores: ['src/{index,define,script-tag}.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedCode] }] },
  },
  // The API client says why a call failed by codes, and src/error-text.ts
  // (above both) words them: the client and i18n never import each other.
  ...[
    ['src/api/**/*.ts', 'i18n', 'The API client returns codes, not words: src/error-text.ts words them.'],
    ['src/i18n/**/*.ts', 'api', 'i18n knows texts, not the API client: src/error-text.ts joins the two.'],
  ].map(([files, other, message]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedCode, { group: [`**/${other}`, `**/${other}/**`], message }] }] },
  })),
  ...ELEMENT_FOLDERS.map((name) => ({
    files: [`src/elements/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ELEMENTS.filter((other) => other !== name)
                // Anchored to elements/: an element's name is also a catalog's (i18n/en/webhooks) or a module's (api/webhooks).
                .flatMap((other) => [`../${other}`, `../../${other}`, `**/elements/${other}`].flatMap((at) => [at, `${at}/**`])),
              message: "An element does not borrow from another element's folder: move what both use to components/, hooks/ or another shared place.",
            },
          ],
        },
      ],
    },
  })),
]

// The server is cut by resource: server/resources/<name>/ holds one
// resource's routes, contract descriptions and SQL. Below them sit the
// cross-cutting layers (http/, openapi/, security/, db/, mail/, config/), which
// serve every resource and so never import one. A resource reaches another
// only through its index.ts, the part it chooses to share ('../api-keys',
// never '../api-keys/data'). Every folder under resources/ is a resource:
// one added later is covered without touching this file.
const RESOURCES = readdirSync(new URL('./server/resources/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const serverLayers = [
  {
    files: ['server/{http,openapi,security,db,mail,config}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/resources', '**/resources/**'],
              message: 'The layers below the resources serve them all and import none: move what is needed down here, or pass it in from app.ts.',
            },
          ],
        },
      ],
    },
  },
  ...RESOURCES.map((name) => ({
    files: [`server/resources/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: RESOURCES.filter((other) => other !== name).map((other) => `**/${other}/**`),
              message: "A resource uses another only through its index.ts (import '../<name>'): export what is shared there, or move it below the resources.",
            },
          ],
        },
      ],
    },
  })),
  // A resource's data.ts keeps to its own tables: steps that cross resources
  // (a project's keys and webhook secret) are composed above it.
  ...RESOURCES.map((name) => ({
    files: [`server/resources/${name}/data.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: RESOURCES.filter((other) => other !== name).flatMap((other) => [`../${other}`, `**/${other}/**`]),
              message: 'A data module uses no other resource: compose the steps that cross resources above the data modules.',
            },
          ],
        },
      ],
    },
  })),
]

// The API's schema contract (contract/ at the top) is shared by the server and
// the widget: it holds zod schemas and imports nothing of either side, and the
// widget takes only its types, so no schema library enters the bundle. Its
// constants (contract/constants.ts) import nothing at all: the widget and the
// verify package take their values from that one module.
/** What the widget may not import: zod, values of the contract but its constants, and `extra`. */
const widgetImports = (...extra) => ({
  paths: [{ name: 'zod', message: 'The widget does not validate with zod: it would enter the bundle.' }],
  patterns: [
    {
      // contract/constants imports nothing: its values are the one exception.
      regex: '(^|/)contract(/(?!constants$).*)?$',
      allowTypeImports: true,
      message: 'Take only types from the contract (import type), values only from contract/constants: its schemas would bring zod into the bundle.',
    },
    ...extra,
  ],
})

const contract = [
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'The contract is shared by the server and the widget: it imports zod and its own files only.' }] },
      ],
    },
  },
  {
    files: ['contract/constants.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.*', message: 'The constants import nothing: the widget and the verify package take values from them, without zod.' }] },
      ],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': ['error', widgetImports()] } },
  {
    // One API layer: a request is written in src/api/<resource>.ts, and called with the caller
    // useManageApi makes (or at(base) on the first screens); nowhere else.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/hooks/useManageApi.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        widgetImports({
          group: ['**/api/request'],
          importNames: ['request'],
          message: 'Write the call in src/api/<resource>.ts (a function taking the caller first) and import that.',
        }),
      ],
    },
  },
]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-artifacts/**', 'bench-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layering,
  ...contract,
  ...serverLayers,
  // Small files and short functions (design.md §4): a file over 300 lines, or
  // a server function over 100, holds more than one thing.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'verify/**/*.ts'],
    ignores: ['src/i18n/locales/**'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    // The widget runs in someone else's page: it never logs (a log is where secrets leak).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  // CommonJS on purpose (a hook autocannon's worker thread loads with require()).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
