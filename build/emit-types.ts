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
 * - Declarations marked `@internal` are left out (`stripInternal` in tsconfig.types.json): the lazy screens behind
 *   the elements are the widget's own, and would bring React's types in.
 *
 * `tests/build/types.test.ts` compiles a consumer of the packed declarations, strict and without
 * `skipLibCheck`, under NodeNext and Bundler resolution.
 * Run by `npm run build` after the bundles: `tsx build/emit-types.ts`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, 'dist/types')

/** A contract module whose declarations would import zod. */
const readsZod = (file: ts.SourceFile): boolean =>
  file.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'zod')

const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType

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
    const docs = ts.displayPartsToString(symbol.getDocumentationComment(checker))
    if (docs) lines.push(`/** ${docs.replaceAll('*/', '*\\/').replaceAll('\n', '\n * ')} */`)
    lines.push(`export type ${symbol.name} = ${checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol), undefined, PRINT)};`)
  }
  return `${lines.join('\n')}\n${lines.length ? '' : 'export {};\n'}`
}

/** `./x` → `./x.js`, `./dir` → `./dir/index.js`, for the declaration file at `path` among `written`. */
function withExtensions(path: string, text: string, written: ReadonlyMap<string, string>): string {
  return text.replace(/(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g, (_whole, lead: string, quote: string, spec: string) => {
    const base = resolve(dirname(path), spec)
    const target = written.has(`${base}.d.ts`) ? `${spec}.js` : written.has(resolve(base, 'index.d.ts')) ? `${spec}/index.js` : undefined
    if (target === undefined) throw new Error(`emit-types: ${relative(ROOT, path)} imports ${spec}, which has no declaration`)
    return `${lead}${quote}${target}${quote}`
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
  for (const [path, text] of written) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, withExtensions(path, text, written))
  }
  if (!existsSync(resolve(OUT, 'src/index.d.ts'))) throw new Error('emit-types: dist/types/src/index.d.ts was not written')
}

emit()
