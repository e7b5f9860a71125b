/**
 * Message ids in a build. Each id is a stable, readable name (`login.heading`),
 * and it appears at least twice in the script: as its English text's key and
 * where a screen asks for it, once more in each bundled language. The build
 * writes every id in the widget's source as a short key instead (a hash of
 * the id, src/i18n/key-hash.ts), so the script carries no id at all:
 *
 * - every string literal in src/ that is a catalog id becomes its key (the
 *   English areas, the bundled languages, `t('…')`, the tables of ids);
 * - src/i18n/key.ts, the identity in the source, becomes the hash, so a
 *   host's `strings` ids find their texts;
 * - src/i18n/catalog-ids.ts (the check of a host's `strings`, a chunk of its
 *   own) becomes the list of keys, read from the area files (src/i18n/en/*.ts)
 *   with TypeScript's parser rather than imported: that import would make
 *   every area a module two chunks share, split into a chunk of its own.
 *   tests/build/catalog-ids.test.ts holds the ids equal to the catalog's.
 *
 * Two ids with one key would be one text: the build picks the first seed of
 * the hash under which none share a key, and stops if there is none.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import type { Plugin } from 'vite'
import { hashKey } from '../src/i18n/key-hash.ts'

/** The string-literal keys of the object literals the area files export. */
export function catalogIdsOf(dir = resolve('src/i18n/en')): string[] {
  const ids: string[] = []
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'index.ts')) {
    const file = join(dir, name)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
      for (const declaration of statement.declarationList.declarations) {
        let init = declaration.initializer
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression
        if (!init || !ts.isObjectLiteralExpression(init)) continue
        for (const property of init.properties) {
          if (!ts.isPropertyAssignment(property) && !ts.isMethodDeclaration(property)) throw new Error(`flex-catalog-ids: ${name}: only 'id': message entries`)
          if (!ts.isStringLiteral(property.name)) throw new Error(`flex-catalog-ids: ${name}: the id ${property.name.getText(source)} is not a string literal`)
          ids.push(property.name.text)
        }
      }
    }
  }
  return ids.sort()
}

/** The first seed under which every id has a key of its own. */
export function seedFor(ids: readonly string[], tries = 10_000): number {
  for (let seed = 0; seed < tries; seed++) {
    if (new Set(ids.map((id) => hashKey(id, seed))).size === ids.length) return seed
  }
  throw new Error(`flex-catalog-ids: no seed under ${tries} gives the ${ids.length} ids a key each`)
}

/** A key's place among all keys: its letter, then its two base-36 digits. */
const placeOf = (key: string) => (key.charCodeAt(0) - 97) * 1296 + parseInt(key.slice(1), 36)

/** A gap below it is one character; above, characters that move on by multiples of it first. */
const STEP = 80

/**
 * The module the build puts in place of src/i18n/catalog-ids.ts: the set of
 * `keys`, written as the gaps between their places, a printable ASCII character
 * each (its code less 32): below STEP a gap to the next key, from STEP on a move
 * of (code - 32 - STEP + 1) × STEP without a key. 0.5 kB gzip where the keys
 * themselves cost 1.2, and two base-36 digits a gap 0.6.
 */
export function catalogIdsSource(keys: readonly string[]): string {
  if (keys.some((key) => !/^[a-z][0-9a-z]{2}$/.test(key))) throw new Error('flex-catalog-ids: a key is not a letter and two base-36 digits')
  let gaps = ''
  let at = 0
  for (const place of keys.map(placeOf).sort((a, b) => a - b)) {
    let gap = place - at
    for (let moves = Math.floor(gap / STEP); moves > 0;) {
      const move = Math.min(moves, 95 - STEP)
      gaps += String.fromCharCode(32 + STEP + move - 1)
      moves -= move
      gap -= move * STEP
    }
    gaps += String.fromCharCode(32 + gap)
    at = place
  }
  return (
    `const gaps = ${JSON.stringify(gaps)}\n` +
    `export const CATALOG_IDS = new Set()\n` +
    `for (let i = 0, at = 0, gap; i < gaps.length; i++) {\n` +
    `  gap = gaps.charCodeAt(i) - 32\n` +
    `  if (gap < ${STEP}) CATALOG_IDS.add(String.fromCharCode(97 + Math.floor((at += gap) / 1296)) + (at % 1296).toString(36).padStart(2, '0'))\n` +
    `  else at += (gap - ${STEP - 1}) * ${STEP}\n` +
    `}\n`
  )
}

/** `code` with every string literal that names an id written as that id's key; undefined when there is none. */
export function withKeys(code: string, file: string, keys: ReadonlyMap<string, string>): string | undefined {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: { start: number; end: number; key: string }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const key = keys.get(node.text)
      if (key !== undefined) found.push({ start: node.getStart(source), end: node.end, key })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  if (found.length === 0) return undefined
  let out = ''
  let at = 0
  for (const { start, end, key } of found) {
    out += code.slice(at, start) + `'${key}'`
    at = end
  }
  return out + code.slice(at)
}

export function catalogIds(): Plugin {
  let src = ''
  let keys = new Map<string, string>()
  let seed = 0
  return {
    name: 'flex-catalog-ids',
    apply: 'build',
    // Before TypeScript is stripped: the source as written, positions and all.
    enforce: 'pre',
    configResolved(config) {
      src = resolve(config.root, 'src')
    },
    // Each build reads the area files afresh: no id list to keep by hand.
    buildStart() {
      const ids = catalogIdsOf(join(src, 'i18n/en'))
      seed = seedFor(ids)
      keys = new Map(ids.map((id) => [id, hashKey(id, seed)]))
    },
    load(id) {
      const file = id.split('?')[0]
      if (file === join(src, 'i18n/catalog-ids.ts')) return catalogIdsSource([...keys.values()])
      if (file === join(src, 'i18n/key.ts')) return `import { hashKey } from './key-hash'\nexport const keyOf = (id: string): string => hashKey(id, ${seed})\n`
    },
    transform(code, id) {
      const file = id.split('?')[0]
      if (!file.startsWith(src + '/') || !/\.tsx?$/.test(file)) return
      const out = withKeys(code, file, keys)
      return out === undefined ? undefined : { code: out, map: null }
    },
  }
}
