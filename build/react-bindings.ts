/**
 * React is a CommonJS package, so the bundler writes every call of a function
 * imported from it as a property of its module object, `(0,l.useState)(…)` and
 * `(0,l.jsx)("div",…)` (the `(0,…)` keeps `this` out), about 1,100 times over
 * the scripts. This plugin hands the widget's own modules (src/) a module of
 * plain bindings instead, `export const useState = React.useState`, one per
 * function they import: a call is then `a(…)` in the chunk that holds the
 * bindings and `t.a(…)` in the others. 0.5 kB gzip -9 less in all.
 *
 * Only the functions the sources import get a binding (an unused one would stay:
 * a property read is kept), and only src/ is redirected: the libraries (and
 * React's own packages) import React as they always did. The module requires
 * React rather than importing it whole, which would bring the bundler's copy
 * of its exports (build/react-require.ts).
 */
import { readFileSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import ts from 'typescript'
import type { Plugin } from 'vite'
import { sourceFiles } from './class-scan.ts'

/** The packages whose bindings are handed out, and the module of plain bindings that stands for each. */
const PACKAGES: Record<string, string> = { react: '\0flex-react', 'react/jsx-runtime': '\0flex-react-jsx', 'react-dom': '\0flex-react-dom' }
/**
 * What the automatic JSX transform imports; no source names these. `jsxs` (an
 * element with static children) differs from `jsx` only in React's development
 * build, which checks the children's keys; this plugin works on builds alone,
 * so both are the one binding.
 */
const JSX_NAMES = ['jsx', 'Fragment']

/** The values (not types) each of these sources imports by name from `pkg`. */
export function importedNames(sources: string[], pkg: string): string[] {
  const names = new Set<string>()
  for (const source of sources) {
    for (const node of ts.createSourceFile('source.tsx', source, ts.ScriptTarget.Latest).statements) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier) || node.moduleSpecifier.text !== pkg) continue
      const clause = node.importClause
      if (!clause || clause.isTypeOnly) continue
      if (clause.name || (clause.namedBindings && !ts.isNamedImports(clause.namedBindings))) {
        throw new Error(`flex-react-bindings: import ${pkg} by name ({ useState }), not as a whole, so each function gets a binding`)
      }
      for (const element of clause.namedBindings?.elements ?? []) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text)
    }
  }
  return [...names].sort()
}

export function reactBindings(srcDir = 'src'): Plugin {
  const root = resolve(srcDir) + sep
  return {
    name: 'flex-react-bindings',
    apply: 'build',
    resolveId: {
      order: 'pre',
      handler(id, importer) {
        return importer?.startsWith(root) && id in PACKAGES ? PACKAGES[id] : undefined
      },
    },
    load(id) {
      const pkg = Object.keys(PACKAGES).find((name) => PACKAGES[name] === id)
      if (!pkg) return undefined
      const jsx = pkg === 'react/jsx-runtime'
      const names = jsx
        ? JSX_NAMES
        : importedNames(
            sourceFiles(root).map((file) => readFileSync(file, 'utf8')),
            pkg,
          )
      // Imported from here, `pkg` is React itself (this module is not under src/).
      const jsxs = jsx ? 'export { jsx as jsxs };\n' : ''
      return `const R = require(${JSON.stringify(pkg)});\n${names.map((name) => `export const ${name} = R.${name};\n`).join('')}${jsxs}`
    },
  }
}
