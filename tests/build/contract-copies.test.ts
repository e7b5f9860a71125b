/**
 * The contract is the one source of the API's types and constants: the widget
 * takes its types from contract/ (`import type`), and everyone takes the
 * constants from contract/constants.ts. Held on the sources: a type in src/
 * named as a contract schema is a hand-written copy of it, and a literal list
 * of the roles outside contract/constants.ts is another copy of ROLES.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The suite runs from the repository's root (happy-dom's import.meta.url is not a file URL).
const ROOT = process.cwd()

/**
 * The package's public types of a schema's name that are the widget's view of
 * a looser server (a spec-only one sends other fields): each must be built from
 * the contract's type, never written out.
 */
const VIEWS = new Set(['AccessData', 'Project'])

const ROLE_NAMES = new Set(['owner', 'admin', 'developer', 'viewer'])

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

const source = (path: string, text = readFileSync(join(ROOT, path), 'utf8')) => ts.createSourceFile(join(ROOT, path), text, ts.ScriptTarget.Latest, true)
const at = (file: ts.SourceFile, node: ts.Node) => `${relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`

function visit(node: ts.Node, each: (node: ts.Node) => void) {
  each(node)
  node.forEachChild((child) => visit(child, each))
}

const exported = (node: ts.Node) => ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** The names of the schemas contract/ exports (a zod schema carries `_zod`), and of the types it exports (`SignUpInput`, a z.input). */
async function schemaNames(): Promise<Set<string>> {
  const names = new Set<string>()
  for (const file of readdirSync(join(ROOT, 'contract')).filter((f) => f.endsWith('.ts'))) {
    const module: Record<string, unknown> = await import(`../../contract/${file.replace(/\.ts$/, '')}.ts`)
    for (const [name, value] of Object.entries(module)) if (typeof value === 'object' && value !== null && '_zod' in value) names.add(name)
    for (const s of source(join('contract', file)).statements)
      if ((ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) && exported(s)) names.add(s.name.text)
  }
  return names
}

/** The names a file imports from contract/. */
function contractImports(file: ts.SourceFile): Set<string> {
  const names = new Set<string>()
  for (const s of file.statements)
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && /(^|\/)contract\//.test(s.moduleSpecifier.text)) {
      const bindings = s.importClause?.namedBindings
      if (bindings && ts.isNamedImports(bindings)) for (const b of bindings.elements) names.add(b.name.text)
    }
  return names
}

/** Where src/ declares a type or interface named as a contract schema (a view of VIEWS excepted, when built from the contract). */
function typeCopies(files: ts.SourceFile[], schemas: Set<string>): string[] {
  const found: string[] = []
  for (const file of files) {
    const imported = contractImports(file)
    visit(file, (node) => {
      if (!(ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) || !schemas.has(node.name.text)) return
      let fromContract = false
      if (ts.isTypeAliasDeclaration(node)) visit(node.type, (n) => (fromContract ||= ts.isTypeReferenceNode(n) && imported.has(n.typeName.getText())))
      if (!(VIEWS.has(node.name.text) && fromContract)) found.push(`${at(file, node)} declares ${node.name.text}, a schema of contract/`)
    })
  }
  return found
}

/** Where a list (an array or a union) of three or more role names is written out. */
function roleLists(files: ts.SourceFile[]): string[] {
  const found: string[] = []
  const roles = (items: readonly (string | undefined)[]) => items.length >= 3 && items.every((x) => x !== undefined && ROLE_NAMES.has(x))
  for (const file of files)
    visit(file, (node) => {
      const items = ts.isArrayLiteralExpression(node)
        ? node.elements.map((e) => (ts.isStringLiteralLike(e) ? e.text : undefined))
        : ts.isUnionTypeNode(node)
          ? node.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined))
          : []
      if (roles(items)) found.push(`${at(file, node)} writes out the roles: import ROLES or MEMBER_ROLES from contract/constants.ts`)
    })
  return found
}

// Each scan parses every source of the widget (or of the whole product) with TypeScript: seconds of CPU,
// more on a machine busy with other work.
const SCAN_MS = 60_000

describe('the contract is the one source of its types and constants', () => {
  it('no type or interface in the widget takes the name of a contract schema', { timeout: SCAN_MS }, async () => {
    const schemas = await schemaNames()
    expect(schemas).toContain('Member')
    expect(schemas).toContain('SignUpInput')
    expect(
      typeCopies(
        sources('src').map((path) => source(path)),
        schemas,
      ),
    ).toEqual([])
  })

  it('no list of the roles is written outside contract/constants.ts', { timeout: SCAN_MS }, () => {
    const files = ['src', 'server', 'verify', 'contract'].flatMap(sources).filter((path) => path !== join('contract', 'constants.ts'))
    expect(roleLists(files.map((path) => source(path)))).toEqual([])
  })

  it('names each copy it finds, and lets a public view built from the contract be', () => {
    const probe = source(
      'src/probe.ts',
      [
        "import type { Project as Served } from '../contract/responses'",
        'export interface Member { id: string }',
        'type AuditEntry = { id: string }',
        'export type Project = Served & { webhookSecret?: string }',
        'export type AccessData = { accessToken: string }',
        "const GRANTABLE = ['admin', 'developer', 'viewer'] as const",
        "type Role = 'owner' | 'admin' | 'developer' | 'viewer'",
      ].join('\n'),
    )
    const schemas = new Set(['Member', 'AuditEntry', 'Project', 'AccessData'])
    expect(typeCopies([probe], schemas)).toEqual([
      'src/probe.ts:2 declares Member, a schema of contract/',
      'src/probe.ts:3 declares AuditEntry, a schema of contract/',
      'src/probe.ts:5 declares AccessData, a schema of contract/',
    ])
    expect(roleLists([probe]).map((line) => line.split(' ')[0])).toEqual(['src/probe.ts:6', 'src/probe.ts:7'])
  })
})
