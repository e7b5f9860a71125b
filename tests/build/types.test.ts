/**
 * The package's declarations as a TypeScript user compiles them: the packed files alone (no zod,
 * no React, nothing beside the package), strict and without `skipLibCheck`, under the two module
 * resolutions a project uses. Needs the build (`npm test` builds first).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Uses every kind of name the entry points declare: elements, events, attributes, the contract's
// types and the verifier. A mistyped use must fail, so the declarations are read, not `any`.
const CONSUMER = `
import { defineFlexElements, FLEX_ELEMENTS, type AccessData, type FlexElement, type FlexEventMap, type Project } from 'flex-portal'
import { createVerifier, honoApiKey, type Verification } from 'flex-portal/verify'

defineFlexElements()
const detail = document.createElement('flex-project-detail')
detail.projectId = 'apid_1'
const portal: FlexElement | null = document.querySelector('flex-portal')
document.addEventListener('flex-project-created', (event) => console.log(event.detail.id.toUpperCase()))
const tags: string[] = Object.keys(FLEX_ELEMENTS)
const firstKey = (project: Project): string | undefined => project.keys?.[0]?.maskedKey
const token = (access: AccessData): string => access.accessToken
const events: (keyof FlexEventMap)[] = []
const verified = (v: Verification): string => (v.valid ? v.keyId : v.code)
console.log(portal, tags, firstKey, token, events, verified, createVerifier, honoApiKey)
`
const WRONG = `
import type { Project } from 'flex-portal'
export const wrong = (project: Project): number | undefined => project.keys?.[0]?.maskedKey
`

let dir = ''
// TypeScript's own lib files (the DOM's) are parsed once for every program here and not checked: they are not the
// package's, and checking them took most of each compile. The package's declarations are checked in full.
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  skipDefaultLibCheck: true,
}
const libFiles = new Map<string, ts.SourceFile>()

/** A compiler host that keeps the lib files it has parsed for the next program. */
function host(options: ts.CompilerOptions): ts.CompilerHost {
  const base = ts.createCompilerHost(options)
  const libDir = base.getDefaultLibLocation!()
  return {
    ...base,
    getSourceFile(name, language, onError, fresh) {
      if (!name.startsWith(libDir)) return base.getSourceFile(name, language, onError, fresh)
      let file = libFiles.get(name)
      if (!file) libFiles.set(name, (file = base.getSourceFile(name, language, onError, fresh)!))
      return file
    },
  }
}

/** The diagnostics of compiling `source` as the consumer's one file. */
function compile(source: string, resolution: 'NodeNext' | 'Bundler'): string[] {
  const main = join(dir, resolution === 'NodeNext' ? 'main.mts' : 'main.ts')
  writeFileSync(main, source)
  const options: ts.CompilerOptions = {
    ...OPTIONS,
    module: resolution === 'NodeNext' ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext,
    moduleResolution: resolution === 'NodeNext' ? ts.ModuleResolutionKind.NodeNext : ts.ModuleResolutionKind.Bundler,
  }
  const program = ts.createProgram([main], options, host(options))
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`)
}

beforeAll(() => {
  if (!existsSync('dist/types/src/index.d.ts')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
  dir = mkdtempSync(join(tmpdir(), 'flex-types-'))
  const pkg = join(dir, 'node_modules/flex-portal')
  cpSync('package.json', join(pkg, 'package.json'))
  for (const part of ['dist/types', 'dist/verify', 'dist/contract']) cpSync(part, join(pkg, part), { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the package’s type declarations', () => {
  // A whole program's check of the DOM's and the package's declarations: seconds of CPU.
  it.each(['NodeNext', 'Bundler'] as const)(
    'compile for a consumer under %s resolution, strict, with nothing installed beside them',
    (resolution) => {
      expect(compile(CONSUMER, resolution)).toEqual([])
    },
    60_000,
  )

  it('compile every file shipped, with nothing installed beside them (only what the entry point reaches is written)', () => {
    const root = join(dir, 'node_modules/flex-portal/dist/types')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'))
    expect(files.length).toBeGreaterThan(10)
    const options = { ...OPTIONS, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
    const program = ts.createProgram(
      files.map((f) => join(root, f)),
      options,
      host(options),
    )
    expect(ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`)).toEqual([])
  }, 60_000)

  it('type the contract’s answers: a wrong use is refused', () => {
    const problems = compile(WRONG, 'NodeNext')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/Type 'string \| undefined' is not assignable to type 'number \| undefined'/)
  }, 60_000)
})
