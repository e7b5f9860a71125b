/**
 * React and react-dom are CommonJS, and the bundler cannot drop an export of a
 * CommonJS module that is required whole (`require("react")`, `import * as
 * React`): every API React has would ship, `Children`, `Component`, `lazy`,
 * `cache`, react-dom's resource hints (`preload`, `preinit`…), though nothing
 * in the bundle reads them. This plugin loads the two production entry files
 * with each export nothing reads made an unused expression (`exports.lazy =
 * function…` becomes `void function…`), which the minifier then removes. What
 * stays: what the widget's sources import (read as build/react-bindings.ts
 * reads them) and what React's own packages and our libraries read
 * (LIBRARY_USES). 2.0 kB gzip -9 off the first screen (docs/performance.md).
 *
 * A wrong list must never ship: once the bundle is written, every module in it
 * is parsed, and one that reads a dropped export (a named import, `React.lazy`,
 * `React["lazy"]`, also through a copy `{ ...React }`) or hands the module on
 * whole fails the build, naming both. A library update that starts to use one
 * is caught here, not in a reader's browser.
 */
import { readFileSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import ts from 'typescript'
import type { Plugin } from 'vite'
import { sourceFiles } from './class-scan.ts'
import { importedNames } from './react-bindings.ts'

/** The production entry files whose unread exports are dropped, by the package whose sources import it. */
const ENTRIES: Record<string, RegExp> = {
  react: /[\\/]node_modules[\\/]react[\\/]cjs[\\/]react\.production\.js$/,
  'react-dom': /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom\.production\.js$/,
  // The scheduler, which react-dom's client requires whole: its unstable_runWithPriority, _next, _wrapCallback
  // and _forceFrameRate stayed though nothing calls them (0.2 kB gzip -9 off the first screen and the whole product).
  scheduler: /[\\/]node_modules[\\/]scheduler[\\/]cjs[\\/]scheduler\.production\.js$/,
}

/**
 * What React's own packages (react-dom's client, the JSX runtime) and the libraries in the bundle
 * (r2wc, floating-ui, zustand) read of React and react-dom, as readsOf() finds it in their files.
 */
export const LIBRARY_USES = [
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  '__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  'cloneElement',
  'createContext',
  'createElement',
  'createPortal',
  'flushSync',
  'forwardRef',
  'useCallback',
  'useContext',
  'useDebugValue',
  'useEffect',
  'useId',
  'useInsertionEffect',
  'useLayoutEffect',
  'useMemo',
  'useReducer',
  'useRef',
  'useState',
  'useSyncExternalStore',
  'version',
]

/**
 * What react-dom's client, the scheduler's one user, reads of it, as readsOf() finds it there
 * (`log` and `unstable_setDisableYieldValue` are the test build's, absent from the production one).
 */
export const SCHEDULER_USES = [
  'log',
  'unstable_IdlePriority',
  'unstable_ImmediatePriority',
  'unstable_LowPriority',
  'unstable_NormalPriority',
  'unstable_UserBlockingPriority',
  'unstable_cancelCallback',
  'unstable_getCurrentPriorityLevel',
  'unstable_now',
  'unstable_requestPaint',
  'unstable_scheduleCallback',
  'unstable_setDisableYieldValue',
  'unstable_shouldYield',
]

/**
 * Of LIBRARY_USES, the exports read only by library code the bundle leaves out: floating-ui's
 * components (`cloneElement`, `forwardRef`) and its positioning hook in @floating-ui/react-dom
 * (`flushSync`), of which the widget calls none (it calls useDismiss). They are dropped too, and
 * the written bundle must not name them anywhere, or the build fails (generateBundle below): the
 * per-module check reads each module whole, before the bundler leaves out what nothing reaches.
 */
export const UNBUNDLED_USES = ['cloneElement', 'flushSync', 'forwardRef']

/** `source` with each top-level `exports.NAME =` whose NAME is not kept made an unused expression; the names dropped. */
export function dropExports(source: string, keep: ReadonlySet<string>): { code: string; dropped: string[] } {
  const dropped: string[] = []
  const code = source.replace(/^exports\.([\w$]+) =/gm, (whole, name: string) => {
    if (keep.has(name)) return whole
    dropped.push(name)
    return 'void'
  })
  return { code, dropped }
}

/**
 * PureComponent's class and prototype in React's production file, word for word, which the minifier keeps once
 * nothing exports them (writes to a prototype). Exact text, not a pattern: a React whose file differs there keeps
 * them, and nothing else can go with them.
 */
const PURE_COMPONENT = `function ComponentDummy() {}
ComponentDummy.prototype = Component.prototype;
function PureComponent(props, context, updater) {
  this.props = props;
  this.context = context;
  this.refs = emptyObject;
  this.updater = updater || ReactNoopUpdateQueue;
}
var pureComponentPrototype = (PureComponent.prototype = new ComponentDummy());
pureComponentPrototype.constructor = PureComponent;
assign(pureComponentPrototype, Component.prototype);
pureComponentPrototype.isPureReactComponent = !0;
`

/**
 * React's `source` without PureComponent (the widget's own class, Failsafe, extends Component) when its export
 * is dropped: its set-up and the unused expression its export became. As it was if that text is not there word
 * for word, or if anything else still names it.
 */
export function dropPureComponent(source: string): string {
  if (!source.includes(PURE_COMPONENT)) return source
  const code = source.replace(PURE_COMPONENT, '').replace(/^void PureComponent;\n/m, '')
  return /\b(PureComponent|ComponentDummy|pureComponentPrototype)\b/.test(code) ? source : code
}

/**
 * What a module reads of package `pkg` (`react`, `react-dom`): the names it imports, and the properties
 * it reads of a binding that holds the whole module (`import * as React`, a default import,
 * `require("react")`, or a copy of one, `const SafeReact = { ...React }`). 'all' when such a binding is
 * used in any other way (passed on, read by a computed name): then nothing can be said to be unread.
 * Parsed, so that a comment or a string that says "React" is not taken for a use.
 */
export function readsOf(code: string, pkg: string): Set<string> | 'all' {
  if (!code.includes(`'${pkg}'`) && !code.includes(`"${pkg}"`)) return new Set()
  const file = ts.createSourceFile('module.tsx', code, ts.ScriptTarget.Latest, true)
  const reads = new Set<string>()
  const bindings = new Set<string>()
  const isPkg = (node: ts.Node | undefined) => !!node && ts.isStringLiteral(node) && node.text === pkg
  const isBinding = (node: ts.Node | undefined) => !!node && ts.isIdentifier(node) && bindings.has(node.text)
  // First the bindings, in order: a copy's source is declared before it.
  const declare = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && isPkg(node.moduleSpecifier) && node.importClause && !node.importClause.isTypeOnly) {
      const { name, namedBindings } = node.importClause
      if (name) bindings.add(name.text)
      if (namedBindings && ts.isNamespaceImport(namedBindings)) bindings.add(namedBindings.name.text)
      if (namedBindings && ts.isNamedImports(namedBindings)) {
        for (const e of namedBindings.elements) if (!e.isTypeOnly) reads.add((e.propertyName ?? e.name).text)
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer
      const required = ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && isPkg(init.arguments[0])
      const copied =
        ts.isObjectLiteralExpression(init) &&
        init.properties.length === 1 &&
        ts.isSpreadAssignment(init.properties[0]) &&
        isBinding(init.properties[0].expression)
      if (required || copied) bindings.add(node.name.text)
    }
    ts.forEachChild(node, declare)
  }
  declare(file)
  if (bindings.size === 0) return reads
  let whole = false
  const use = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && bindings.has(node.text)) {
      const parent = node.parent
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) reads.add(parent.name.text)
      else if (ts.isElementAccessExpression(parent) && parent.expression === node && ts.isStringLiteralLike(parent.argumentExpression)) {
        reads.add(parent.argumentExpression.text)
      } else if (!(
        // Not a use: its own declaration, a copy's spread, or another object's property of that name.
        ts.isImportClause(parent) ||
        ts.isNamespaceImport(parent) ||
        (ts.isVariableDeclaration(parent) && parent.name === node) ||
        (ts.isSpreadAssignment(parent) && ts.isObjectLiteralExpression(parent.parent) && ts.isVariableDeclaration(parent.parent.parent)) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node)
      )) {
        whole = true
      }
    }
    ts.forEachChild(node, use)
  }
  use(file)
  return whole ? 'all' : reads
}

export function reactUnusedExports(srcDir = 'src'): Plugin {
  const root = resolve(srcDir) + sep
  /** By package, the exports dropped. */
  const dropped = new Map<string, string[]>()
  return {
    name: 'flex-react-unused-exports',
    apply: 'build',
    load(id) {
      const pkg = Object.keys(ENTRIES).find((name) => ENTRIES[name].test(id))
      if (!pkg) return undefined
      const sources = sourceFiles(root).map((file) => readFileSync(file, 'utf8'))
      const libraryUses = pkg === 'scheduler' ? SCHEDULER_USES : LIBRARY_USES.filter((name) => !UNBUNDLED_USES.includes(name))
      const keep = new Set([...libraryUses, ...importedNames(sources, pkg)])
      const result = dropExports(readFileSync(id, 'utf8'), keep)
      dropped.set(pkg, result.dropped)
      return pkg === 'react' && result.dropped.includes('PureComponent') ? dropPureComponent(result.code) : result.code
    },
    generateBundle(_options, bundle) {
      const unbundled = new RegExp(`\\b(${UNBUNDLED_USES.join('|')})\\b`)
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const named = unbundled.exec(file.code)
        if (named && [...dropped.values()].some((gone) => gone.includes(named[1])))
          this.error(
            `flex-react-unused-exports: ${file.fileName} names ${named[1]}, which is dropped as unread by the bundled code: take it out of UNBUNDLED_USES`,
          )
        for (const id of file.moduleIds) {
          const code = this.getModuleInfo(id)?.code ?? ''
          for (const [pkg, gone] of dropped) {
            const reads = readsOf(code, pkg)
            const read = reads === 'all' ? ['the whole module'] : gone.filter((name) => reads.has(name) && !UNBUNDLED_USES.includes(name))
            if (read.length)
              this.error(`flex-react-unused-exports: ${id} reads ${read.join(', ')} of ${pkg}, whose unread exports are dropped: add to LIBRARY_USES`)
          }
        }
      }
    },
  }
}
