/**
 * dist/custom-elements.json, the custom-elements manifest (schema 2.1.0) that
 * editors, linters and Storybook read, made from the element descriptors
 * (src/elements/descriptors.ts, element-docs.ts) at build time. Event detail types are read
 * from FlexEventMap itself, so they cannot drift from it.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'
import type { Attribute, CustomElementDeclaration, Event, Package } from 'custom-elements-manifest/schema'
import type { Plugin } from 'vite'
import { ELEMENTS, type AttributeName, type FlexTag } from '../src/elements/descriptors.ts'
import { ATTRIBUTE_DOCS, CSS_PROPERTIES, ELEMENT_DOCS, EVENT_DOCS } from '../src/elements/element-docs.ts'

const MANIFEST_FILE = 'custom-elements.json'

/** apiBase → api-base: how r2wc maps a prop to its attribute. */
export const attributeName = (prop: string): string => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** flex-project-detail → FlexProjectDetailElement, the class src/index.ts exports. */
const className = (tag: string): string => tag.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase()) + 'Element'

export interface DetailType {
  /** The whole type as written, e.g. `{ projectId: string; keyId: string }`. */
  text: string
  fields: { name: string; type: string }[]
}

/**
 * Each event's detail type as FlexEventMap writes it. Read with TypeScript's
 * parser alone: a type checker would load the DOM's types and take seconds.
 */
// From the project root (where the build and the tests run): under Vitest's
// happy-dom environment import.meta.url is not a file: URL.
export function eventDetailTypes(eventsFile = resolve('src/events.ts')): Record<string, DetailType> {
  const source = ts.createSourceFile(eventsFile, readFileSync(eventsFile, 'utf8'), ts.ScriptTarget.Latest, true)
  const map = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'FlexEventMap')
  if (!map) throw new Error(`FlexEventMap not found in ${eventsFile}`)
  const text = (node: ts.Node) => node.getText(source).replace(/\s+/g, ' ')
  const types: Record<string, DetailType> = {}
  for (const member of map.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue
    const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source)
    const fields = ts.isTypeLiteralNode(member.type)
      ? member.type.members.filter(ts.isPropertySignature).map((f) => ({ name: f.name.getText(source), type: f.type ? text(f.type) : 'unknown' }))
      : []
    types[name] = { text: text(member.type), fields }
  }
  return types
}

const attributeType = (name: AttributeName): string => ATTRIBUTE_DOCS[name].values?.map((v) => `'${v}'`).join(' | ') ?? 'string'

function customElementsManifest(details = eventDetailTypes()): Package {
  const declaration = (tag: FlexTag): CustomElementDeclaration => {
    const attributes: readonly AttributeName[] = ELEMENTS[tag].attributes
    const { summary, events, properties = [], slots, cssParts } = ELEMENT_DOCS[tag]
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
      members: [
        ...attributes.map((prop) => ({
          kind: 'field' as const,
          name: prop as string,
          attribute: attributeName(prop),
          type: { text: `${attributeType(prop)} | undefined` },
          description: ATTRIBUTE_DOCS[prop].doc,
        })),
        // Property-only members (no attribute), such as `snippets`.
        ...properties.map((p) => ({ kind: 'field' as const, name: p.name, type: { text: p.type }, description: p.doc })),
      ],
      ...(slots ? { slots: slots.map((x) => ({ name: x.name, description: x.doc })) } : {}),
      ...(cssParts ? { cssParts: cssParts.map((x) => ({ name: x.name, description: x.doc })) } : {}),
      events: events.map((name): Event => ({
        name,
        type: { text: `CustomEvent<${details[name]?.text ?? 'unknown'}>` },
        description: EVENT_DOCS[name],
      })),
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
