/**
 * The element descriptors (src/elements/descriptors.ts) and what is made from
 * them: the attributes r2wc observes, dist/custom-elements.json, the .d.ts
 * typings and README's tables. The dist/ checks need `npm run build` first
 * (`npm test` runs it) and fail without it.
 */
import { palettes } from '../../build/theme'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Ajv from 'ajv'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { attributeName } from '../../build/custom-elements'
import { withTables } from '../../build/readme-tables'
import { sourceFiles } from '../../build/class-scan'
import { styledFiles } from '../../build/twind-css'
import { FLEX_ELEMENTS } from '../../src/define'
import { ELEMENTS, type FlexTag } from '../../src/elements/descriptors'
import { CSS_PROPERTIES, ELEMENT_DOCS } from '../../src/elements/element-docs'

const MANIFEST = 'dist/custom-elements.json'
const TYPES = resolve('dist/types/src/index.d.ts')
const TAGS = Object.keys(ELEMENTS) as FlexTag[]

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does).`)
  return readFileSync(path, 'utf8')
}

describe('the element classes', () => {
  it('observe exactly the attributes their descriptor lists', () => {
    expect(Object.keys(FLEX_ELEMENTS).sort()).toEqual([...TAGS].sort())
    for (const tag of TAGS) {
      const observed = (FLEX_ELEMENTS[tag] as unknown as { observedAttributes: string[] }).observedAttributes
      expect([...observed].sort(), tag).toEqual(ELEMENTS[tag].attributes.map(attributeName).sort())
    }
    expect(FLEX_ELEMENTS['flex-login']).not.toHaveProperty('observedAttributes', expect.arrayContaining(['project-id']))
  })
})

describe(MANIFEST, () => {
  it('follows the custom-elements manifest schema, and package.json points editors to it', () => {
    const ajv = new Ajv({ strict: false })
    ajv.addSchema(JSON.parse(readFileSync('node_modules/custom-elements-manifest/schema.json', 'utf8')), 'cem')
    const errors = (ref: string, value: unknown) => {
      const validate = ajv.getSchema(`cem${ref}`)!
      return validate(value) ? [] : validate.errors
    }
    const manifest = JSON.parse(read(MANIFEST))
    expect(errors('', manifest)).toEqual([])
    // A module's declarations and exports are each `anyOf` several kinds, and a
    // plain class declaration takes any field: a malformed attribute or event
    // passes the whole-file check. So each part is checked as its own kind too.
    const [module] = manifest.modules
    expect(module.declarations).toHaveLength(TAGS.length)
    for (const d of module.declarations) expect(errors('#/definitions/CustomElementDeclaration', d), d.tagName).toEqual([])
    const definitions = module.exports.filter((e: { kind: string }) => e.kind === 'custom-element-definition')
    expect(definitions).toHaveLength(TAGS.length)
    for (const e of definitions) expect(errors('#/definitions/CustomElementExport', e), e.name).toEqual([])
    expect(JSON.parse(readFileSync('package.json', 'utf8')).customElements).toBe(MANIFEST)
  })

  it('describes each element: tag, attributes with type and default, events with their detail type, CSS properties', () => {
    const manifest = JSON.parse(read(MANIFEST))
    const declarations = manifest.modules.flatMap((m: { declarations: unknown[] }) => m.declarations)
    expect(declarations.map((d: { tagName: string }) => d.tagName)).toEqual(TAGS)
    for (const d of declarations) {
      const tag = d.tagName as FlexTag
      expect(
        d.attributes.map((a: { name: string }) => a.name),
        tag,
      ).toEqual(ELEMENTS[tag].attributes.map(attributeName))
      expect(
        d.events.map((e: { name: string }) => e.name),
        tag,
      ).toEqual(ELEMENT_DOCS[tag].events)
      expect(d.cssProperties.map((p: { name: string }) => p.name)).toEqual(Object.keys(CSS_PROPERTIES))
    }
    const detail = declarations.find((d: { tagName: string }) => d.tagName === 'flex-project-detail')
    expect(detail.attributes).toContainEqual(expect.objectContaining({ name: 'theme', type: { text: "'dark' | 'light' | 'auto'" }, default: '"dark"' }))
    expect(detail.events).toContainEqual(
      expect.objectContaining({ name: 'flex-key-rolled', type: { text: 'CustomEvent<{ projectId: string; keyId: string; newKeyId: string }>' } }),
    )
  })
})

describe('the .d.ts typings', () => {
  it('type each tag with its own attributes and each event with its detail', () => {
    read(TYPES)
    const dir = mkdtempSync(join(tmpdir(), 'flex-types-'))
    try {
      const file = join(dir, 'host-page.ts')
      writeFileSync(
        file,
        [
          'export {}',
          "const login = document.createElement('flex-login')",
          'const signupUrl: string | undefined = login.signupUrl',
          '// @ts-expect-error project-id belongs to <flex-project-detail> only',
          'login.projectId = "p"',
          "document.querySelector('flex-project-detail')!.projectId = 'p'",
          "document.body.addEventListener('flex-key-rolled', (e) => { const id: string = e.detail.newKeyId; void id })",
          '// @ts-expect-error the detail carries ids only',
          "document.body.addEventListener('flex-key-created', (e) => e.detail.apiKey)",
          // Properties of every element, and one listener on the document or the window (docs/events.md).
          "document.querySelectorAll('flex-portal').forEach((el) => { el.fetchSessionCode = async () => 'fxc_code' })",
          "document.querySelector('flex-request-log')!.strings = { 'login.submit': 'Continue' }",
          "document.addEventListener('flex-signed-out', (e) => { const reason: string = e.detail.reason; void reason })",
          "window.addEventListener('flex-navigate', (e) => { const to: string = e.detail.to; void to })",
          'void signupUrl',
        ].join('\n'),
      )
      const program = ts.createProgram([file, TYPES], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      })
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      expect(errors).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000) // a TypeScript program over the DOM's types: seconds on a busy machine
})

describe('the CSS custom properties', () => {
  it('are those the theme reads', () => {
    // Every colour of the palettes, plus the radius and the fonts.
    const theme = readFileSync('build/theme.ts', 'utf8') + readFileSync('build/preflight.ts', 'utf8')
    const fixed = [...theme.matchAll(/var\((--flex-[a-z][a-z-]+)/g)].map((m) => m[1])
    const colours = Object.keys(palettes.dark)
      .filter((n) => n !== 'scheme')
      .map((n) => `--flex-${n}`)
    expect([...new Set([...colours, ...fixed])].sort()).toEqual(Object.keys(CSS_PROPERTIES).sort())
  })
})

describe('the descriptor docs', () => {
  it('add nothing to the stylesheet: the class scan leaves their prose out', () => {
    expect(sourceFiles('src')).toContain(join('src', 'elements', 'element-docs.ts'))
    expect(styledFiles(resolve('src'))).not.toContain(resolve('src', 'elements', 'element-docs.ts'))
    expect(styledFiles(resolve('src'))).toContain(resolve('src', 'elements', 'descriptors.ts'))
  })
})

describe('docs/', () => {
  it.each(['docs/embedding.md', 'docs/events.md'])('%s has the tables the descriptors make (`npx tsx build/readme-tables.ts` rewrites them)', (page) => {
    const text = readFileSync(page, 'utf8')
    expect(withTables(text)).toBe(text)
  })

  it('lists the CSS custom properties of the theming API', () => {
    const theming = readFileSync('docs/theming.md', 'utf8').split('## The variables')[1].split('```')[0]
    expect([...theming.matchAll(/`(--flex-[a-z-]+)`/g)].map((m) => m[1])).toEqual(Object.keys(CSS_PROPERTIES))
  })
})
