/**
 * dist/custom-elements.json, the custom-elements manifest (schema 2.1.0) that
 * editors, linters and Storybook read, made from the element descriptors
 * (src/elements/descriptors.ts) at build time. Event detail types are printed
 * by the TypeScript checker from FlexEventMap, so they cannot drift from it.
 */
import { resolve } from 'node:path'
import ts from 'typescript'
import type { Attribute, CustomElementDeclaration, Event, Package } from 'custom-elements-manifest/schema'
import type { Plugin } from 'vite'
import {
  ATTRIBUTE_DOCS,
  CSS_PROPERTIES,
  ELEMENTS,
  ELEMENT_DOCS,
  EVENT_DOCS,
  type AttributeName,
  type FlexTag,
} from '../src/elements/descriptors.ts'

export const MANIFEST_FILE = 'custom-elements.json'

/** apiBase → api-base: how r2wc maps a prop to its attribute. */
export const attributeName = (prop: string): string => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** flex-project-detail → FlexProjectDetailElement, the class src/index.ts exports. */
export const className = (tag: string): string => tag.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase()) + 'Element'

export interface DetailType {
  /** The whole type, e.g. `{ projectId: string; keyId: string; }`. */
  text: string
  fields: { name: string; type: string }[]
}

/** Each event's detail type as the TypeScript checker prints it from FlexEventMap. */
// From the project root (where the build and the tests run): under Vitest's
// happy-dom environment import.meta.url is not a file: URL.
export function eventDetailTypes(eventsFile = resolve('src/events.ts')): Record<string, DetailType> {
  const program = ts.createProgram([eventsFile], { strict: true, noEmit: true, skipLibCheck: true, types: [] })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(eventsFile)
  const map = source?.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'FlexEventMap')
  if (!source || !map) throw new Error(`FlexEventMap not found in ${eventsFile}`)
  const print = (type: ts.Type) => checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)
  const types: Record<string, DetailType> = {}
  for (const member of map.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue
    const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source)
    const type = checker.getTypeFromTypeNode(member.type)
    const fields = checker.getPropertiesOfType(type).map((p) => ({ name: p.name, type: print(checker.getTypeOfSymbol(p)) }))
    types[name] = { text: print(type), fields }
  }
  return types
}

export const attributeType = (name: AttributeName): string => ATTRIBUTE_DOCS[name].values?.map((v) => `'${v}'`).join(' | ') ?? 'string'

export function customElementsManifest(details = eventDetailTypes()): Package {
  const declaration = (tag: FlexTag): CustomElementDeclaration => {
    const attributes: readonly AttributeName[] = ELEMENTS[tag].attributes
    const { summary, events } = ELEMENT_DOCS[tag]
    return {
      kind: 'class',
      customElement: true,
      tagName: tag,
      name: className(tag),
      description: summary,
      superclass: { name: 'HTMLElement', package: 'global:' },
      attributes: attributes.map((prop): Attribute => {
        const doc = ATTRIBUTE_DOCS[prop]
        return {
          name: attributeName(prop),
          fieldName: prop,
          type: { text: attributeType(prop) },
          description: doc.doc,
          ...(doc.default === undefined ? {} : { default: JSON.stringify(doc.default) }),
        }
      }),
      members: attributes.map((prop) => ({
        kind: 'field' as const,
        name: prop,
        attribute: attributeName(prop),
        type: { text: `${attributeType(prop)} | undefined` },
        description: ATTRIBUTE_DOCS[prop].doc,
      })),
      events: events.map(
        (name): Event => ({
          name,
          type: { text: `CustomEvent<${details[name]?.text ?? 'unknown'}>` },
          description: EVENT_DOCS[name],
        }),
      ),
      cssProperties: Object.entries(CSS_PROPERTIES).map(([name, description]) => ({ name, description })),
    }
  }
  const tags = Object.keys(ELEMENTS) as FlexTag[]
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: 'dist/flex-portal.mjs',
        declarations: tags.map(declaration),
        exports: tags.flatMap((tag) => [
          { kind: 'js' as const, name: className(tag), declaration: { name: className(tag) } },
          { kind: 'custom-element-definition' as const, name: tag, declaration: { name: className(tag) } },
        ]),
      },
    ],
  }
}

/** Writes the manifest next to the script-tag bundle. */
export function customElementsJson(): Plugin {
  return {
    name: 'flex-custom-elements-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: JSON.stringify(customElementsManifest(), null, 2) + '\n' })
    },
  }
}
