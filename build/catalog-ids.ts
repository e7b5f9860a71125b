/**
 * The ids a host's `strings` may name, written into the build as one list.
 * The source module (src/i18n/catalog-ids.ts) reads them from the whole
 * English catalog, which suits the tests; in a build that import would make
 * every area's file a module two chunks share, and the bundler would split
 * each area into a chunk of its own (one more request and its overhead per
 * screen) instead of leaving its English in the chunk of the screen that
 * shows it. The ids are read from the area files (src/i18n/en/*.ts) with
 * TypeScript's parser; tests/build/catalog-ids.test.ts holds them equal to
 * the catalog's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import type { Plugin } from 'vite'

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

/** The module the build puts in place of src/i18n/catalog-ids.ts. */
export function catalogIdsSource(ids: readonly string[] = catalogIdsOf()): string {
  if (ids.some((id) => /\s/.test(id))) throw new Error('flex-catalog-ids: an id holds white space')
  return `export const CATALOG_IDS = new Set(${JSON.stringify(ids.join(' '))}.split(' '))\n`
}

export function catalogIds(): Plugin {
  let module = ''
  return {
    name: 'flex-catalog-ids',
    apply: 'build',
    configResolved(config) {
      module = resolve(config.root, 'src/i18n/catalog-ids.ts')
    },
    // Each build reads the area files afresh: no id list to keep by hand.
    load(id) {
      if (id.split('?')[0] === module) return catalogIdsSource(catalogIdsOf(join(module, '../en')))
    },
  }
}
