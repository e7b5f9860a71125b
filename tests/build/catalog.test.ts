/**
 * The message catalog's rules, held on the sources: every text a component
 * shows comes from the catalog (a literal text in the widget fails here, with
 * its file and line); every id is used; every bundled language has every id
 * and no other, each a text where English has a text and a function where
 * English has one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CATALOG } from '../../src/i18n/en'
import { BUNDLED } from '../../src/i18n/language'
import { TEXT_ALLOWED } from './catalog-allowed'

// The suite runs from the repository's root (happy-dom's import.meta.url is not a file URL).
const ROOT = process.cwd()
const SRC = join(ROOT, 'src')

/** Files no reader sees: the elements' attribute documentation (for the manifest and README). */
const NOT_SHOWN = new Set([join('src', 'elements', 'descriptors.ts'), join('src', 'elements', 'element-docs.ts')])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path.endsWith(join('src', 'i18n')) ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !NOT_SHOWN.has(relative(ROOT, path)) ? [path] : []
  })
}

/** Attributes whose values are never read by a person (classes, names, roles, routes …). */
const NOT_TEXT = new Set([
  'className',
  'class',
  'type',
  'name',
  'autoComplete',
  'id',
  'htmlFor',
  'role',
  'href',
  'rel',
  'target',
  'slot',
  'inputMode',
  'viewBox',
  'd',
  'fill',
  'stroke',
  'strokeLinecap',
  'strokeLinejoin',
  'fillRule',
  'clipRule',
  'tone',
  'variant',
  'to',
  'method',
  'mode',
  'lang',
  'dir',
  'key',
  'as',
  'size',
  'align',
  'width',
  'height',
  'scope',
  'kind',
  'pattern',
  'enterKeyHint',
  'spellCheck',
  'autoCapitalize',
  'aria-live',
  'aria-haspopup',
  'aria-current',
  'aria-sort',
  'aria-hidden',
  'aria-orientation',
  'aria-autocomplete',
  'tabIndex',
  'placement',
  'icon',
  'status',
  'state',
  'route',
  'field',
  'column',
  'accept',
  'min',
  'max',
  'step',
])

/** Looks like something a person reads: a capitalised word, or two words. Not a class list, a path, an id or a CSS value. */
const prose = (text: string) =>
  /\p{Lu}\p{Ll}/u.test(text) || (/\p{L}{2,}[ ,.:;!?…]+\p{L}{2,}/u.test(text) && !/^[a-z0-9:_\-/[\]().#%!&>*=+ ]+$/.test(text.trim()))

interface Finding {
  where: string
  text: string
}

/** Every literal text a component could show: JSX text, text attributes, and strings that read as prose. */
function literalTexts(file: string): Finding[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const findings: Finding[] = []
  const where = (node: ts.Node) => `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const attributeOf = (node: ts.Node): string | undefined => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (ts.isJsxAttribute(n)) return n.name.getText()
      if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isBlock(n)) return undefined
    }
    return undefined
  }
  const skipped = (node: ts.Node): boolean => {
    const parent = node.parent
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent.parent) || ts.isLiteralTypeNode(parent)) return true
    if (ts.isPropertyAssignment(parent) && parent.name === node) return true
    if (ts.isElementAccessExpression(parent)) return true
    // A module's path in import(), and a catalog id passed on (to a helper, a prop, a table of ids).
    if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) return true
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && Object.hasOwn(CATALOG, node.text)) return true
    const attribute = attributeOf(node)
    if (attribute && (NOT_TEXT.has(attribute) || attribute.startsWith('data-'))) return true
    // An id looked up in the catalog, or a module a chunk loads.
    if (ts.isCallExpression(parent) && (parent.expression.getText() === 't' || parent.expression.kind === ts.SyntaxKind.ImportKeyword)) return true
    // Developers' messages: console lines and thrown errors are English by design.
    for (let n: ts.Node | undefined = parent; n; n = n.parent) {
      if (ts.isCallExpression(n) && /^console\./.test(n.expression.getText())) return true
      if (ts.isNewExpression(n) && /Error$/.test(n.expression.getText())) return true
      if (ts.isVariableDeclaration(n) && /class|css|style/i.test(n.name.getText())) return true
      if (ts.isPropertyAssignment(n) && /class|css|style/i.test(n.name.getText())) return true
      if (ts.isJsxAttribute(n) || ts.isBlock(n) || ts.isSourceFile(n)) break
    }
    return false
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().trim()
      if (/\p{L}/u.test(text)) findings.push({ where: where(node), text })
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (prose(node.text) && !skipped(node)) findings.push({ where: where(node), text: node.text })
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('${…}')
      if (prose(parts) && !skipped(node)) findings.push({ where: where(node), text: parts })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return findings
}

const files = sources(SRC)
// The table of server messages the widget translates (useErrorText) uses their ids from inside i18n/.
const allSources = [...files, join(SRC, 'i18n', 'server-messages.ts')].map((file) => readFileSync(file, 'utf8')).join('\n')

describe('the message catalog', () => {
  // It parses every widget source with the TypeScript compiler: about 2 s of
  // CPU, which a machine loaded by other work stretches past the 5 s default.
  it('has every text a component shows: no literal text outside it', { timeout: 60_000 }, () => {
    const allowed = new Set(TEXT_ALLOWED.map((entry) => entry.text))
    const found = files.flatMap(literalTexts).filter((finding) => !allowed.has(finding.text))
    expect(found.map((f) => `${f.where}  ${JSON.stringify(f.text)}`)).toEqual([])
  })

  it('has no id that no component uses', () => {
    const unused = Object.keys(CATALOG).filter((id) => !allSources.includes(`'${id}'`))
    expect(unused).toEqual([])
  })

  it('names each text by a stable dotted id', () => {
    for (const id of Object.keys(CATALOG)) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/)
  })

  for (const lang of BUNDLED) {
    it(`in ${lang}, has every id, and no other, each of English's kind`, async () => {
      const { default: messages } = (await import(`../../src/i18n/locales/${lang}.ts`)) as { default: Record<string, unknown> }
      expect(Object.keys(messages).sort()).toEqual(Object.keys(CATALOG).sort())
      for (const [id, english] of Object.entries(CATALOG)) expect(typeof messages[id], id).toBe(typeof english)
    })

    it(`in ${lang}, names a key's mode the same in every filter that offers it (Keys, Requests, Usage)`, async () => {
      const { default: messages } = (await import(`../../src/i18n/locales/${lang}.ts`)) as { default: Record<string, unknown> }
      for (const mode of ['live', 'test']) expect(messages[`requests.filter.${mode}`], mode).toBe(messages[`keys.filter.${mode}`])
    })
  }
})
