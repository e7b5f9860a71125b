/**
 * Builds the scripts again, the way `npm run build` does (same
 * vite.config.ts, production mode), but into a folder of our choosing and with
 * overrides such as source maps or another minifier. The size-budget plugin
 * is left out: these builds are measurements, not releases.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfigFromFile, mergeConfig, type InlineConfig, type Plugin, type PluginOption } from 'vite'
import { ROOT } from './paths'
import { viteBuild } from './vite-build'

export interface BuiltFile {
  name: string
  code: string
  map?: { sources: string[]; mappings: string }
}

export interface BuiltBundle {
  /** Every script file (the loader, the module, the chunks), in name order. */
  files: BuiltFile[]
  /** All of their code, one after another (for comparing minifiers). */
  code: string
}

const STYLES_ID = join(ROOT, 'virtual-flex-styles.js')

/**
 * The generated stylesheet is a virtual module ("\0…" id), which the bundler
 * leaves out of source maps, so its bytes would show up as unmapped. Here it
 * gets an ordinary file-like id, its code still coming from the twind plugin.
 */
const stylesWithPath = (twind: Plugin): Plugin => ({
  name: 'bench-styles-path',
  enforce: 'pre',
  // Before the twind plugin's own resolveId, which runs early to see every import() first.
  resolveId: { order: 'pre', handler: (id) => (id === 'virtual:flex-styles' ? STYLES_ID : undefined) },
  load(id) {
    if (id !== STYLES_ID) return undefined
    const load = twind.load as (this: unknown, id: string) => string
    return load.call(this, '\0virtual:flex-styles')
  },
})

/**
 * Plugins that rewrite the code after its source map is made, which would
 * shift the map's columns: map builds leave them out. size.ts escapes each
 * piece itself, and reads the chunks the script would inline one by one.
 */
const MAP_BREAKERS = new Set(['flex-ascii-only', 'flex-classic-chunks'])

const isBudget = (p: PluginOption): boolean => typeof p === 'object' && p !== null && 'name' in p && p.name === 'flex-size-budget'

export async function buildBundle(overrides: InlineConfig['build'] = {}): Promise<BuiltBundle> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(ROOT, 'vite.config.ts'), ROOT, 'silent')
  if (!loaded) throw new Error('vite.config.ts not found')
  const own = (loaded.config.plugins ?? [])
    .flat()
    .filter((p) => !isBudget(p as PluginOption) && !(overrides.sourcemap && MAP_BREAKERS.has((p as Plugin).name))) as Plugin[]
  const twind = own.find((p) => p.name === 'flex-twind-css')
  const plugins = [...(overrides.sourcemap && twind ? [stylesWithPath(twind)] : []), ...own]
  const dir = mkdtempSync(join(tmpdir(), 'flex-bench-build-'))
  const config = mergeConfig({ ...loaded.config, plugins }, { build: { ...overrides, outDir: dir, emptyOutDir: true } }) as InlineConfig
  try {
    await viteBuild({ ...config, root: ROOT, configFile: false, mode: 'production', logLevel: 'silent' })
    const files = readdirSync(dir)
      .filter((name) => /\.m?js$/.test(name))
      .sort()
      .map((name): BuiltFile => {
        const file = join(dir, name)
        // A source map build ends with a sourceMappingURL comment the release does not have.
        const code = readFileSync(file, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '')
        const map = overrides.sourcemap && existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, 'utf8')) : undefined
        return { name, code, map }
      })
    return { files, code: files.map((f) => f.code).join('\n') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
