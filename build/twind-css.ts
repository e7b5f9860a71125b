/**
 * Generates the widget's stylesheet at build time with twind, so no twind
 * runtime ships in the bundle (it would cost 17 kB). Works like Tailwind's
 * content scan: every string literal in src/ is split into candidate classes and
 * handed to twind; twind ignores what is not a utility and emits every rule that
 * is one. The result is exposed as the virtual module `virtual:flex-styles`.
 *
 * In a build, styles follow the chunks (chunkStyles below): the first screen's
 * script carries the rules of its own modules only, and every chunk fetched on
 * demand carries the rules its modules add, which it hands to the one shared
 * sheet (src/styles/sheet.ts) as it runs. Vitest and the dev server get the
 * whole stylesheet at once.
 */
import { readFileSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { defineConfig, twind, virtual, type Preflight } from '@twind/core'
import presetTailwind from '@twind/preset-tailwind'
import { Features, transform } from 'lightningcss'
import MagicString from 'magic-string'
import type { Plugin, Rolldown } from 'vite'
import { candidates, sourceFiles } from './class-scan.ts'
import { theme } from './theme.ts'
import { preflight } from './preflight.ts'

const VIRTUAL_ID = 'virtual:flex-styles'
const RESOLVED_ID = '\0' + VIRTUAL_ID

// Tailwind sizes are rem; a host page with `html { font-size: 62.5% }` would
// shrink the widget, so every rem becomes px relative to a 16 px root.
const remToPx = (value: string): string => value.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(parseFloat(n) * 16).toFixed(3)}px`)

/** The oldest browsers the widget runs in: the first with container queries (Chrome and Edge 105, Safari 16, Firefox 110). */
const CSS_TARGETS = { chrome: 105 << 16, edge: 105 << 16, safari: 16 << 16, firefox: 110 << 16 }

/** The container-query variants, in the order the wider one must win; then two media variants of our own. */
const CONTAINER_VARIANTS: Array<[string, string]> = [
  // A section's filters on the narrowest phones (320 px) stack each label over its field: beside its label, a select showed "Cualquier esta…".
  ['cq-xs', '@container (min-width:280px)'],
  ['cq-sm', '@container (min-width:560px)'],
  ['cq-md', '@container (min-width:768px)'],
  ['cq-xl', '@container (min-width:1200px)'],
  // Forced colours drop backgrounds and shadows: what they alone mark (a primary button's box, the current item) takes a border there.
  ['forced', '@media (forced-colors:active)'],
  // A screen under 480 px tall (a phone on its side, 400% zoom), where a sticky dialog footer would hide the focused field.
  ['short', '@media (max-height:480px)'],
]

/** twind's rules for these sources, one CSS rule a string, in twind's order (preflight first). */
export const generateRules = (sources: string[]): string[] => rulesOfWords(candidates(sources))

/**
 * twind's rules for these words, skipping those that are not utilities. With
 * `classes`, collects the words that added a rule: what a later run needs.
 */
function rulesOfWords(words: Iterable<string>, classes?: Set<string>): string[] {
  const tw = twind(
    defineConfig({
      presets: [presetTailwind({ disablePreflight: true })],
      hash: false,
      // The theme's CSS object types are stricter than plain strings; the values are checked by eye and by the browser tests.
      preflight: preflight as unknown as Preflight,
      theme: { extend: theme },
      // Container queries on the element's own width (`.flex-cq`): a widget laid
      // out by the viewport's width would overflow a narrow column of a wide page.
      variants: CONTAINER_VARIANTS,
      stringify: (property, value) => `${property}:${remToPx(String(value))}`,
    }),
    virtual(),
  )
  // Most candidates are ordinary strings, not classes. Under Vitest twind's
  // development build warns about each one; the scan expects that, so mute it.
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('TWIND_INVALID_CLASS')) warn(...args)
  }
  try {
    for (const word of words) {
      const before = tw.target.length
      tw(word)
      if (classes && tw.target.length > before) classes.add(word)
    }
  } finally {
    console.warn = warn
  }
  return tw.target.map(minifyRule).flatMap(trimRule)
}

/** space-y-* and divide-y as twind writes them, with the reverse variable that space-y-reverse and divide-y-reverse set to 1. */
const REVERSIBLE =
  /--tw-(space|divide)-y-reverse:0;(margin|border)-top(-width)?:calc\(([\d.]+px) \* calc\(1 - var\(--tw-\1-y-reverse\)\)\);\2-bottom\3:calc\(\4 \* var\(--tw-\1-y-reverse\)\)/

/**
 * A rule without what the widget never uses: space-y-* and divide-y written
 * as the plain margin or border they compute to (`margin-top:8px;margin-bottom:0`),
 * since no -reverse class turns them round (the build fails if one is added);
 * and twind's defaults of the ring and shadow variables for ::backdrop, which
 * only the dialog's backdrop colour styles (none reads them there). 0.1 kB gzip
 * -9 over the whole product.
 */
function trimRule(rule: string): string[] {
  if (/-y-reverse:1\b/.test(rule)) throw new Error(`flex-twind-css: ${rule} turns space-y or divide-y round: take out trimRule()`)
  if (/^::backdrop\{--tw-/.test(rule)) return []
  if (/::backdrop\{[^}]*var\(--tw-/.test(rule)) throw new Error(`flex-twind-css: ${rule} reads a variable that trimRule() leaves out for ::backdrop`)
  return [rule.replace(REVERSIBLE, '$2-top$3:$4;$2-bottom$3:0')]
}

/**
 * One rule as a CSS minifier writes it (`calc(8px * -1)` as `-8px`, `0px` as
 * `0`, colours as hex): twind writes rules for reading. Rule by rule, so each
 * keeps its own text, which places it in the sheet.
 */
function minifyRule(rule: string): string {
  // Queries stay `min-width:`: Safari reads the range syntax (`width>=`) from 16.4 on.
  const css = transform({ filename: 'rule.css', code: Buffer.from(rule), minify: true, targets: CSS_TARGETS, include: Features.MediaRangeSyntax })
  return css.code.toString()
}

/**
 * The rules in the order the one sheet holds them. twind wraps every cq-* rule
 * in its own `@container` block; one block per breakpoint, after everything
 * else (smaller first, so the wider one wins), says the same in a fraction of
 * the bytes. Each rule keeps its place in that order, its rank.
 */
interface PlacedRule {
  rule: string
  /** The `@container` query whose block holds it, if any. */
  query?: string
  /** What the sheet holds: the rule itself, or inside its query's block. */
  text: string
}

function placeRules(rules: readonly string[]): PlacedRule[] {
  const top: PlacedRule[] = []
  const groups = new Map<string, PlacedRule[]>()
  for (const rule of rules) {
    const m = /^@container (\([^)]*\))\{([^{}]*\{[^{}]*\})\}$/.exec(rule)
    if (m) groups.set(m[1], [...(groups.get(m[1]) ?? []), { rule, query: m[1], text: m[2] }])
    else top.push({ rule, text: rule })
  }
  const byWidth = [...groups].sort(([a], [b]) => parseFloat(a.replace(/\D+/, '')) - parseFloat(b.replace(/\D+/, '')))
  return [...top, ...byWidth.flatMap(([, inner]) => inner)]
}

/**
 * The stylesheet of the rules in `kept`, in the order of `placed`, with every
 * `@container` block of `placed` (empty ones too: a chunk may add to them).
 * `at` says, for each rule left out, where in that text it belongs.
 */
function renderSheet(placed: readonly PlacedRule[], kept: ReadonlySet<string>): { css: string; at: Map<string, number> } {
  let css = ''
  const at = new Map<string, number>()
  let open: string | undefined
  for (const { rule, query, text } of placed) {
    if (query !== open) {
      css += (open ? '}' : '') + (query ? `@container ${query}{` : '')
      open = query
    }
    if (kept.has(rule)) css += text
    else at.set(rule, css.length)
  }
  return { css: css + (open ? '}' : ''), at }
}

/** The whole stylesheet of these sources. */
export function generateCss(sources: string[]): string {
  const rules = generateRules(sources)
  return renderSheet(placeRules(rules), new Set(rules)).css
}

/**
 * Where a build's placeholders stand until the chunks are known: global names
 * that no minifier renames or folds, replaced before minification.
 */
const FIRST_SCREEN = '__flexFirstScreenStyles__'
const CHUNK_RULES = '__flexChunkStyles__'
/** What a dynamic import() resolves to: the module, behind the one module that first hands the lazy rules to the sheet. */
const LAZY = '\0flex-lazy:'
const LAZY_RULES = '\0flex-lazy-styles'
/** The folders under src/ whose modules hold no markup. */
const TEXTS_AND_CALLS = ['i18n', 'api']

type ChunkGraph = Record<string, Rolldown.RenderedChunk>

/** Every chunk `names` import statically, however deep. */
function closure(chunks: ChunkGraph, names: Iterable<string>, into = new Set<string>()): Set<string> {
  for (const name of names) {
    if (into.has(name) || !chunks[name]) continue
    into.add(name)
    closure(chunks, chunks[name].imports, into)
  }
  return into
}

export interface ChunkStyles {
  /** The first screen's stylesheet: the rules of the entry's modules and of every chunk it imports statically. */
  css: string
  /**
   * Every rule the first screen lacks, flat, in rank order, the rules that go to one place in `css`
   * as one text: [characters of `css` since the previous place, the rules there, …]. One module
   * carries them, in a chunk of its own that every chunk fetched on demand imports: per-chunk lists
   * repeated the rules that screens share (the frame, dialogs, tables) in each, 2.6 kB gzip over
   * all scripts, where the one list costs 2.4 kB once; by place, not rule by rule with its place and
   * rank, it costs 0.4 kB less.
   */
  lazyRules(): Array<number | string>
}

/**
 * Splits the whole build's stylesheet by chunk. A rule's place in the sheet
 * decides which of two rules of equal specificity wins (`px-2` after `p-4`,
 * a cq-* rule after the rule it overrides), so a chunk's rule goes where the
 * whole sheet would have it, not at the end: the rules that go to one place
 * carry that place in the first screen's text, and the sheet puts together the
 * text it would have had (src/styles/sheet.ts).
 */
export function splitStyles(chunks: ChunkGraph, classesOf: (moduleIds: string[]) => Iterable<string>, all: readonly string[]): ChunkStyles {
  const placed = placeRules(all)
  const rank = new Map(placed.map((p, i) => [p.rule, i]))
  const rulesOfChunks = (names: Iterable<string>) => {
    const rules = rulesOfWords(classesOf([...names].flatMap((name) => chunks[name].moduleIds)))
    // twind writes a utility the same whatever else the sheet holds; if that ever changed, a chunk's rule would have no place.
    const stray = rules.filter((rule) => !rank.has(rule))
    if (stray.length) throw new Error(`flex-twind-css: rules missing from the whole stylesheet: ${stray.slice(0, 3).join(' ')}`)
    return rules
  }
  const firstChunks = closure(
    chunks,
    Object.values(chunks)
      .filter((c) => c.isEntry)
      .map((c) => c.fileName),
  )
  const first = new Set(rulesOfChunks(firstChunks))
  const { css, at } = renderSheet(placed, first)
  return {
    css,
    lazyRules() {
      const list: Array<number | string> = []
      let last = 0
      // In rank order a place (an offset) never goes back, so a place's rules follow one another.
      for (const { rule, text } of placed) {
        if (first.has(rule)) continue
        const offset = at.get(rule)!
        if (list.length > 0 && offset === last) list[list.length - 1] += text
        else list.push(offset - last, text)
        last = offset
      }
      return list
    },
  }
}

// The whole sheet (dev server, Vitest) by its sources: each Vitest project runs
// a plugin of its own, and one scan (seconds of CPU) serves them all.
let wholeSheet: { sources: string; css: string } | undefined

function sheetOf(files: string[]): string {
  const texts = files.map((f) => readFileSync(f, 'utf8'))
  const sources = files.map((f, i) => `${f}\0${texts[i]}`).join('\0')
  if (wholeSheet?.sources !== sources) wholeSheet = { sources, css: generateCss(texts) }
  return wholeSheet.css
}

/**
 * The files whose words may be classes: not the texts (src/i18n/), which hold
 * none, and whose words that happen to name a utility ("a visible character")
 * would add its rule to the sheet; nor the elements' docs, prose for the
 * manifest and the docs pages that no script bundles ("status and duration,"
 * added a .duration rule to the lazy styles).
 */
export const styledFiles = (root: string) =>
  sourceFiles(root).filter((file) => !file.startsWith(join(root, 'i18n') + sep) && file !== join(root, 'elements', 'element-docs.ts'))

const hasDefaultExport = (source: string) => /\bexport\s+default\b|\bas\s+default\b/.test(source)

export function twindCss(srcDir = 'src'): Plugin {
  const root = resolve(srcDir)
  const sheetModule = join(root, 'styles', 'sheet.ts')
  let building = false
  let split: { key: string; styles: ChunkStyles } | undefined
  // The whole build's rules, and each file's words that are classes: a chunk's rules come from these alone.
  let whole: { rules: string[]; words: Map<string, string[]> } | undefined
  const wholeBuild = () => {
    if (!whole) {
      const words = new Map(styledFiles(root).map((file) => [file, [...candidates([readFileSync(file, 'utf8')])]]))
      const classes = new Set<string>()
      const rules = rulesOfWords(new Set([...words.values()].flat()), classes)
      for (const [file, list] of words)
        words.set(
          file,
          list.filter((word) => classes.has(word)),
        )
      whole = { rules, words }
    }
    return whole
  }
  const classesOf = (ids: string[]) => new Set(ids.flatMap((id) => wholeBuild().words.get(id) ?? []))
  return {
    name: 'flex-twind-css',
    configResolved(config) {
      building = config.command === 'build'
    },
    resolveId: {
      // Before Vite's own resolver, which would answer an import() first.
      order: 'pre',
      async handler(id, importer, options) {
        if (id === VIRTUAL_ID) return RESOLVED_ID
        if (id === LAZY_RULES) return id
        // Every import() of the widget's code: so a new lazy screen's classes
        // reach the sheet with nothing to register.
        if (!building || options.kind !== 'dynamic-import' || !importer?.startsWith(root + sep)) return undefined
        const target = await this.resolve(id, importer, { ...options, skipSelf: true })
        // Texts and API calls draw nothing: a language's chunk or the list of
        // ids comes without the lazy screens' styles.
        if (target && TEXTS_AND_CALLS.some((dir) => target.id.startsWith(join(root, dir) + sep))) return undefined
        return target && !target.external ? LAZY + target.id : undefined
      },
    },
    load(id) {
      if (id === RESOLVED_ID) {
        if (building) return `export default ${FIRST_SCREEN}`
        // Absolute paths: Vitest's module runner reads relative watch files as imports.
        const files = styledFiles(root)
        for (const file of files) this.addWatchFile(file)
        return `export default ${JSON.stringify(sheetOf(files))}`
      }
      if (id.startsWith(LAZY)) {
        const target = JSON.stringify(id.slice(LAZY.length))
        const withDefault = hasDefaultExport(readFileSync(id.slice(LAZY.length), 'utf8'))
        return `import ${JSON.stringify(LAZY_RULES)};\nexport * from ${target};\n${withDefault ? `export { default } from ${target};\n` : ''}`
      }
      if (id === LAZY_RULES) return `import { addStyles } from ${JSON.stringify(sheetModule)};\naddStyles(${CHUNK_RULES});\n`
      return undefined
    },
    renderChunk(code, _chunk, options, meta) {
      if (!building || (!code.includes(FIRST_SCREEN) && !code.includes(CHUNK_RULES))) return null
      const key = Object.keys(meta.chunks).sort().join()
      if (split?.key !== key) split = { key, styles: splitStyles(meta.chunks, classesOf, wholeBuild().rules) }
      const { styles } = split
      const out = new MagicString(code)
      // One module holds the lazy rules; the sheet puts its text together from the whole list at each call.
      const data = code.includes(CHUNK_RULES) ? JSON.stringify(styles.lazyRules()) : ''
      for (const m of code.matchAll(new RegExp(`\\b(${FIRST_SCREEN}|${CHUNK_RULES})\\b`, 'g'))) {
        out.overwrite(m.index, m.index + m[0].length, m[1] === FIRST_SCREEN ? JSON.stringify(styles.css) : data)
      }
      return { code: out.toString(), map: options.sourcemap ? out.generateMap({ hires: true }) : null }
    },
  }
}
