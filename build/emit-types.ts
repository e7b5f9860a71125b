/**
 * Writes the package's type declarations (dist/types) so that a TypeScript user reads them under
 * any module resolution, with nothing installed beside the package:
 *
 * - Relative imports carry their `.js` (or `/index.js`): `moduleResolution: NodeNext` refuses
 *   extensionless ones, and the declarations are read as ES modules.
 * - The contract's types are written out whole (`{ id: string; … }`) in place of
 *   `z.infer<typeof Schema>`: the package ships no zod (the bundle does not need it), so a
 *   declaration that imports it fails to compile, or reads as `any` under `skipLibCheck`.
 *   The schemas themselves are not declared: no public type reads them.
 * - Only the declarations the entry point reaches are written, and those marked `@internal` are left out
 *   (`stripInternal` in tsconfig.types.json): the widget's components and the lazy screens behind the
 *   elements are its own, and would bring React's types in.
 *
 * `tests/build/types.test.ts` compiles a consumer of the packed declarations, strict and without
 * `skipLibCheck`, under NodeNext and Bundler resolution.
 * Run by `npm run build` after the bundles: `tsx build/emit-types.ts`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, 'dist/types')

/** A contract module whose declarations would import zod. */
const readsZod = (file: ts.SourceFile): boolean =>
  file.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'zod')

const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType

/** A declaration's doc comment, as comment lines indented by `indent`. */
function docLines(symbol: ts.Symbol, checker: ts.TypeChecker, indent: string): string[] {
  const docs = ts.displayPartsToString(symbol.getDocumentationComment(checker))
  return docs ? [`${indent}/** ${docs.replaceAll('*/', '*\\/').replaceAll('\n', `\n${indent} * `)} */`] : []
}

/** An interface's properties, each with its doc comment and its type written out whole. */
function membersOf(declaration: ts.InterfaceDeclaration, type: ts.Type, checker: ts.TypeChecker): string[] {
  if (declaration.heritageClauses?.length || declaration.members.some((m) => !ts.isPropertySignature(m)))
    throw new Error(`emit-types: ${declaration.name.text} extends a type or has members other than properties, which this writer cannot expand`)
  return checker.getPropertiesOfType(type).flatMap((p) => {
    const optional = p.flags & ts.SymbolFlags.Optional ? '?' : ''
    return [...docLines(p, checker, '  '), `  ${p.name}${optional}: ${checker.typeToString(checker.getTypeOfSymbol(p), undefined, PRINT)};`]
  })
}

/** The module's exported types, each written out whole, with its doc comment. */
function expandedTypes(file: ts.SourceFile, checker: ts.TypeChecker): string {
  const module = checker.getSymbolAtLocation(file)
  if (!module) return 'export {};\n'
  const lines: string[] = []
  for (const symbol of checker.getExportsOfModule(module)) {
    const declaration = symbol.declarations?.find((d) => ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d))
    if (!declaration) continue
    if (declaration.typeParameters?.length)
      throw new Error(`emit-types: ${file.fileName}: ${symbol.name} takes type parameters, which this writer cannot expand`)
    lines.push(...docLines(symbol, checker, ''))
    const type = checker.getDeclaredTypeOfSymbol(symbol)
    // An interface prints as its own name: its members are written out one by one.
    if (ts.isInterfaceDeclaration(declaration)) lines.push(`export interface ${symbol.name} {`, ...membersOf(declaration, type, checker), '}')
    else lines.push(`export type ${symbol.name} = ${checker.typeToString(type, undefined, PRINT)};`)
  }
  return `${lines.join('\n')}\n${lines.length ? '' : 'export {};\n'}`
}

/**
 * `./x` → `./x.js`, `./dir` → `./dir/index.js`, for the declaration file at `path` among `written`; each file
 * imported is added to `reached`.
 */
function withExtensions(path: string, text: string, written: ReadonlyMap<string, string>, reached: Set<string>): string {
  return text.replace(/(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g, (_whole, lead: string, quote: string, spec: string) => {
    const base = resolve(dirname(path), spec)
    const direct = `${base}.d.ts`
    const file = [direct, resolve(base, 'index.d.ts')].find((f) => written.has(f))
    if (file === undefined) throw new Error(`emit-types: ${relative(ROOT, path)} imports ${spec}, which has no declaration`)
    reached.add(file)
    return `${lead}${quote}${spec}${file === direct ? '' : '/index'}.js${quote}`
  })
}

function emit(): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, 'tsconfig.types.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      },
    },
  )
  if (!config) throw new Error('emit-types: tsconfig.types.json unreadable')
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
  const checker = program.getTypeChecker()
  const written = new Map<string, string>()
  const result = program.emit(undefined, (path, text) => written.set(resolve(path), text), undefined, true)
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics]
  if (problems.length > 0)
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' }))
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(resolve(ROOT, 'contract') + '/') || !readsZod(file)) continue
    const path = resolve(OUT, relative(ROOT, file.fileName)).replace(/\.ts$/, '.d.ts')
    if (!written.has(path)) throw new Error(`emit-types: no declaration written for ${relative(ROOT, file.fileName)}`)
    written.set(path, expandedTypes(file, checker))
  }
  // Only what the entry point reaches: the widget's own components, which no public type names, would import React.
  const entry = resolve(OUT, 'src/index.d.ts')
  if (!written.has(entry)) throw new Error('emit-types: dist/types/src/index.d.ts was not written')
  rmSync(OUT, { recursive: true, force: true })
  const reached = new Set([entry])
  for (const path of reached) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, withExtensions(path, written.get(path)!, written, reached))
  }
}

emit()
