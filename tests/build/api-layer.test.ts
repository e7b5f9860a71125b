/**
 * One API layer in the widget: every call to the API is a function in
 * src/api/<resource>.ts that takes the caller first. Held on the sources:
 * outside src/api (and useManageApi, which makes the signed-in caller) no file
 * builds a request (a `{ method, path }` object, a value import of `request`,
 * a `fetch` of the API), and useManageApi lists no call of its own.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The suite runs from the repository's root (happy-dom's import.meta.url is not a file URL).
const ROOT = process.cwd()
const MAKER = join('src', 'hooks', 'useManageApi.ts')
/** The one `fetch` that is not the API's: host sign-in's POST to the host page's own `session-url`. */
const HOST_FETCH = join('src', 'store', 'code-from-url.ts')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

const parse = (path: string, text = readFileSync(join(ROOT, path), 'utf8')) => ts.createSourceFile(join(ROOT, path), text, ts.ScriptTarget.Latest, true)
const at = (file: ts.SourceFile, node: ts.Node) => `${relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`

function visit(node: ts.Node, each: (node: ts.Node) => void) {
  each(node)
  node.forEachChild((child) => visit(child, each))
}

const named = (p: ts.ObjectLiteralElementLike, name: string) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === name

/** Where a file outside the API layer builds a request of its own. */
function requestsBuilt(file: ts.SourceFile, fetchAllowed: boolean): string[] {
  const found: string[] = []
  for (const s of file.statements)
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && /(^|\/)api\/request$/.test(s.moduleSpecifier.text)) {
      const bindings = s.importClause?.namedBindings
      if (!s.importClause?.isTypeOnly && bindings && ts.isNamedImports(bindings))
        for (const b of bindings.elements) if (b.name.text === 'request' && !b.isTypeOnly) found.push(`${at(file, b)} imports request`)
    }
  visit(file, (node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => named(p, 'method')) && node.properties.some((p) => named(p, 'path')))
      found.push(`${at(file, node)} writes a request ({ method, path })`)
    // The global fetch takes an address; chunk.ts's own fetch() (a chunk's loader) takes none.
    if (!fetchAllowed && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fetch' && node.arguments.length > 0)
      found.push(`${at(file, node)} calls fetch`)
  })
  return found
}

describe('one API layer in the widget', () => {
  // Parses every source of the widget: seconds of CPU on a loaded machine.
  it('no component, hook, element or store module writes a request: each imports its resource module and passes the caller', { timeout: 60_000 }, () => {
    const files = sources('src').filter((path) => !path.startsWith(join('src', 'api') + '/') && path !== MAKER)
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap((path) => requestsBuilt(parse(path), path === HOST_FETCH))).toEqual([])
  })

  it('useManageApi makes the caller and lists no call: it imports no resource module', () => {
    const file = parse(MAKER)
    const fromApi = file.statements
      .filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier))
      .map((s) => (s.moduleSpecifier as ts.StringLiteral).text)
      .filter((m) => /(^|\/)api\//.test(m))
    expect(fromApi.sort()).toEqual(['../api/errors', '../api/request'])
  })

  it('names each request it finds, and lets a call of a resource module be', () => {
    const probe = parse(
      'src/elements/probe.tsx',
      [
        "import { request, type ManageCall } from '../api/request'",
        "import { listProjects } from '../api/projects'",
        "const a = (call: ManageCall) => call({ method: 'GET', path: '/me' })",
        'const b = (call: ManageCall) => listProjects(call)',
        "const c = () => fetch('/api/me')",
      ].join('\n'),
    )
    expect(requestsBuilt(probe, false)).toEqual([
      'src/elements/probe.tsx:1 imports request',
      'src/elements/probe.tsx:3 writes a request ({ method, path })',
      'src/elements/probe.tsx:5 calls fetch',
    ])
  })
})
