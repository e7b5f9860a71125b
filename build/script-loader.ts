/**
 * Writes dist/flex-portal.js, the one classic `<script src>` a host adds.
 *
 * The widget itself is an ES module build (dist/flex-portal.mjs, which a
 * bundler imports too) whose later screens are chunks beside it. A classic
 * script cannot share modules with chunks, so this file is a few hundred
 * bytes that import() the module from the script's own directory (its own
 * URL, never the page's) and register the elements. Module graphs are kept
 * per URL: a second copy of this script imports the same module, which
 * registers nothing twice.
 */
import type { Plugin } from 'vite'

export const LOADER_FILE = 'flex-portal.js'

/**
 * The loader's source. `document.currentScript` is the script while it runs
 * (deferred or not); a host that injects it some other way is found by name.
 * A failed fetch of the module is the same as a failed fetch of this script:
 * no element is defined. It is tried again when the browser comes back online.
 */
export function loaderSource(moduleFile: string, staticImports: readonly string[] = []): string {
  return `/*! Flex Portal: loads ./${moduleFile} from this script's own directory and defines the elements. */
(function () {
  var me = document.currentScript, src = me && me.src
  if (!src) {
    var all = document.getElementsByTagName('script')
    for (var i = all.length - 1; i >= 0 && !src; i--) if (/\\/flex-portal\\.js([?#]|$)/.test(all[i].src)) src = all[i].src
  }
  function url(file) { return new URL('./' + file, src || document.baseURI).href }
  function load() {
    // The module's own imports, asked for now rather than after it arrives: one round trip, not two.
    ${JSON.stringify(staticImports)}.forEach(function (file) { import(url(file)).catch(function () {}) })
    import(url(${JSON.stringify(moduleFile)})).then(function (m) { m.defineFlexElements() }, function () { addEventListener('online', load, { once: true }) })
  }
  load()
})()
`
}

/** Emits the loader beside the entry module of the ES build. */
export function scriptLoader(): Plugin {
  return {
    name: 'flex-script-loader',
    apply: 'build',
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)
      if (entry?.type !== 'chunk') throw new Error('flex-script-loader: the build has no entry module')
      // Every file the entry needs before it runs, however deep: the browser
      // would find them one level at a time.
      const needed = new Set<string>()
      const visit = (names: readonly string[]) => {
        for (const name of names) {
          const file = bundle[name]
          if (needed.has(name) || file?.type !== 'chunk') continue
          needed.add(name)
          visit(file.imports)
        }
      }
      visit(entry.imports)
      this.emitFile({ type: 'asset', fileName: LOADER_FILE, source: loaderSource(entry.fileName, [...needed]) })
    },
  }
}
