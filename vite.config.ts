import { defineConfig } from 'vite'
import { twindCss } from './build/twind-css.ts'
import { sizeBudget, type Budgets } from './build/size-budget.ts'
import { asciiOnly } from './build/ascii-only.ts'
import { customElementsJson } from './build/custom-elements.ts'
import { classicChunks, SCRIPT_FILE } from './build/classic-chunks.ts'
import { catalogIds } from './build/catalog-ids.ts'
import { precompress } from './build/precompress.ts'
import { secondMinify } from './build/second-minify.ts'
import { reactBindings } from './build/react-bindings.ts'
import { reactUnusedExports } from './build/react-unused-exports.ts'
import { reactRequire } from './build/react-require.ts'
import { r2wcStringProps } from './build/r2wc-string-props.ts'
import { floatingUiReact19 } from './build/floating-ui-react19.ts'

/**
 * gzip -9 budgets in kB, path by path (design.md §5): the script a page fetches
 * before its log-in is usable; the chunks a session fetches to show a project's
 * page (the modules named, with what they import); each other chunk, a section
 * fetched when it is reached; every script together. Languages apart.
 */
export const BUDGETS: Budgets = {
  firstScreenKb: 85,
  signedIn: { modules: ['src/elements/portal/ProjectPage.tsx', 'src/elements/project-detail/ProjectDetail.tsx'], kb: 40 },
  sectionKb: 10,
  totalKb: 150,
}

/** A source file's module, not a plugin's virtual one (a lazy screen's style wrapper would bring the lazy styles along). */
const source = (path: RegExp) => (id: string) => !id.startsWith('\0') && path.test(id)
/** A source file's module, or the module a lazy screen's import() resolves to (build/twind-css.ts): one chunk for both, no facade between them. */
const screen = (path: RegExp) => (id: string) => source(path)(id.replace(/^\0flex-lazy:/, ''))

// Two library builds share this file. The default one writes the script tag's
// files: dist/flex-portal.js, one classic script with what a first screen
// needs, and the screens behind an import() as fp-*.js chunks beside it
// (build/classic-chunks.ts). `--mode esm` writes dist/flex-portal.mjs for
// bundlers, with its own chunks under dist/esm/.
export default defineConfig(({ command, mode }) => {
  const esm = mode === 'esm'
  return {
    plugins: [
      twindCss(),
      reactBindings(),
      reactUnusedExports(),
      reactRequire(),
      r2wcStringProps(),
      floatingUiReact19(),
      asciiOnly(),
      catalogIds(),
      precompress(),
      ...(esm ? [] : [classicChunks(), secondMinify(), sizeBudget(SCRIPT_FILE, BUDGETS), customElementsJson()]),
    ],
    // Library mode leaves process.env.NODE_ENV alone; without this the bundle
    // ships React's development build. Tests keep the development build (act()).
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      outDir: 'dist',
      emptyOutDir: !esm,
      target: 'es2022',
      copyPublicDir: false,
      lib: {
        entry: esm ? 'src/index.ts' : 'src/script-tag.ts',
        formats: [esm ? 'es' : 'cjs'],
        fileName: () => (esm ? 'flex-portal.mjs' : SCRIPT_FILE),
      },
      rolldownOptions: {
        // The plugin-timing check warns whenever the build's own plugins (twind's
        // CSS, the size check) take most of a build, which they do by design: a
        // yellow warning on every first start that reads like an error.
        checks: { bundlerTimings: false },
        output: esm
          ? { chunkFileNames: 'esm/[name]-[hash].mjs' }
          : {
              // A bundled language's chunk by a name the size check (and a reader of dist/) knows.
              chunkFileNames: (chunk) =>
                /[\\/]src[\\/]i18n[\\/]locales[\\/]/.test(chunk.facadeModuleId ?? '') ? 'fp-locale-[name]-[hash].js' : 'fp-[name]-[hash].js',
              // What the entry imports statically is one chunk (inlined into
              // the script), not many small shared ones, each with its exports.
              // So are the copy buttons and the snippets' filling, which several
              // screens share (with the lazy styles, below): each would otherwise
              // be a chunk of its own (a request and a wrapper each).
              codeSplitting: {
                groups: [
                  { name: 'core', tags: ['$initial'], priority: 9 },
                  // The lazy screens' styles, with the copy buttons and the samples' filling, which the
                  // signed-in chunk and <flex-snippet>'s screen both take: each path fetches both anyway,
                  // and one file is 0.2 kB less gzip -9 than two (sign-up and the reset take the buttons along).
                  {
                    name: '_flex-lazy-styles',
                    priority: 8,
                    test: (id: string) =>
                      id === '\0flex-lazy-styles' ||
                      source(
                        /[\\/]src[\\/](components[\\/](copy-field[\\/](CopyButton|CopyField|useCopy)|snippets[\\/]fill|icons[\\/]CheckIcon)|constants|hooks[\\/]useWidth|i18n[\\/]en[\\/]copy)\.tsx?$/,
                      )(id),
                  },
                  // The signed-in path, one chunk: the frame with its reminder to verify the
                  // address and the profile page it links to, the dashboard, dialogs and a
                  // project's page with its keys (and their restrictions' dialog) and usage chart,
                  // and what two sections share (the webhooks' and the team's tables). The log-in
                  // prefetches the dashboard and the dashboard the project page, so more chunks
                  // were more requests for what a session fetches anyway, each compressed apart:
                  // usage and the reminder as chunks of their own cost 1.7 kB more gzip -9 in all,
                  // the key dialog 0.7 kB and the profile page 0.9 kB (docs/performance.md).
                  {
                    name: 'app',
                    priority: 3,
                    test: screen(
                      /[\\/](node_modules[\\/]@floating-ui[\\/].*|src[\\/](elements[\\/]projects[\\/].*|elements[\\/]project-detail[\\/].*|elements[\\/]portal[\\/]ProjectPage|elements[\\/]profile[\\/].*|components[\\/](account[\\/].*|frame[\\/]\w+|dialog[\\/].*|form-dialog[\\/].*|icons[\\/](Close|Folder|Home|Menu|Copy|ExternalLink)Icon|StatusBadge|ChoiceField|FilterSelect|toast[\\/]Toast|teams[\\/](role|role-names|useTeam)|webhooks[\\/](StackTable|format-time)|snippets[\\/]RevealSnippets|copy-field[\\/]CopyIdButton|one-time-warning)|format-date|hooks[\\/](useAsync|useGraceOptions)|i18n[\\/]en[\\/](projects|frame|form-dialog|reveal|project|keys|key-access|usage|modes|profile)|api[\\/]usage)\.tsx?)$/,
                    ),
                  },
                  // Each section a project's page reaches, in a chunk of its
                  // own fetched when it is first drawn: a feature's section adds to no other path.
                  // Below 'app': a group takes in what its modules import, so a section before it
                  // would take the frame and the dialogs that the project page needs too.
                  {
                    name: 'webhooks',
                    priority: 2,
                    test: screen(
                      /[\\/]src[\\/](components[\\/]webhooks[\\/].*|elements[\\/]webhooks[\\/]WebhooksScreen|api[\\/]webhooks|i18n[\\/]en[\\/]webhooks)\.tsx?$/,
                    ),
                  },
                  {
                    name: 'team',
                    priority: 2,
                    test: screen(
                      /[\\/]src[\\/](components[\\/]teams[\\/](?!role|useTeam|invitation-code|AcceptRoute).*|api[\\/](members|audit)|i18n[\\/]en[\\/]teams)\.tsx?$/,
                    ),
                  },
                  // The Requests section and <flex-request-log>'s screen, which show the same log; the
                  // section's gate (ProjectRequests) and lazy.ts stay in 'app', which takes in what the page imports.
                  {
                    name: 'requests',
                    priority: 2,
                    test: screen(
                      /[\\/]src[\\/](components[\\/]request-logs[\\/].*|elements[\\/]request-log[\\/]RequestLogScreen|api[\\/]request-logs|i18n[\\/]en[\\/]requests)\.tsx?$/,
                    ),
                  },
                  // Two small rare screens, one chunk: host sign-in's gate and the diagnosis of an unreachable
                  // server (CORS). A page that needs one fetches a quarter of a kB more; two files were 140 B
                  // more gzip -9 in all than one. Last in priority: what they share with another path stays there.
                  { name: 'rare', priority: 1, test: screen(/[\\/]src[\\/](elements[\\/]host-gate[\\/]HostGate|unreachable)\.tsx?$/) },
                  // Sign-up and the password reset, the rarer ways in beside the log-in: one chunk.
                  { name: 'auth', priority: 4, test: screen(/[\\/]src[\\/]components[\\/]auth[\\/](SignupScreen|NewPasswordField|reset[\\/]ResetFlow)\.tsx$/) },
                  { name: 'account', priority: 5, test: source(/[\\/]src[\\/](api[\\/]accounts|i18n[\\/](server-messages|en[\\/]server))\.ts$/) },
                ],
              },
              // Vite keeps whitespace in an ES library for tree-shaking, and
              // this is a script a browser runs as it is: minified whole.
              minify: true,
              comments: false,
            },
      },
    },
  }
})
