/**
 * The element and attribute tables of docs/embedding.md and the event table of
 * docs/events.md, made from the element descriptors (src/elements/descriptors.ts,
 * element-docs.ts). tests/build/descriptors.test.ts fails when a page differs;
 * `npx tsx build/readme-tables.ts` rewrites the tables in place.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ELEMENTS, type AttributeName, type FlexTag } from '../src/elements/descriptors.ts'
import { ATTRIBUTE_DOCS, ELEMENT_DOCS, EVENT_DOCS } from '../src/elements/element-docs.ts'
import { attributeName, eventDetailTypes, type DetailType } from './custom-elements.ts'

const ELEMENT_HEADER = '| tag | renders |'
const ATTRIBUTE_HEADER = '| attribute | elements | meaning |'
const EVENT_HEADER = '| event | detail | when |'

const cell = (text: string) => text.replace(/\|/g, '\\|')
const code = (text: string) => `\`${cell(text)}\``

function elementTable(): string {
  const rows = (Object.keys(ELEMENTS) as FlexTag[]).map((tag) => `| \`<${tag}>\` | ${cell(ELEMENT_DOCS[tag].summary)} |`)
  return [ELEMENT_HEADER, '|---|---|', ...rows].join('\n')
}

function attributeTable(): string {
  const tags = Object.keys(ELEMENTS) as FlexTag[]
  const rows = (Object.keys(ATTRIBUTE_DOCS) as AttributeName[]).map((prop) => {
    const users = tags.filter((tag) => (ELEMENTS[tag].attributes as readonly string[]).includes(prop))
    const { doc, default: fallback } = ATTRIBUTE_DOCS[prop]
    const elements = users.length === tags.length ? 'all' : users.map(code).join(', ')
    return `| ${code(attributeName(prop))} | ${elements} | ${cell(doc)}${fallback === undefined ? '' : ` (default ${code(fallback)})`} |`
  })
  return [ATTRIBUTE_HEADER, '|---|---|---|', ...rows].join('\n')
}

/** `{ projectId, keyId }`: field names, with the type only where it is a set of literals. */
const detail = ({ fields }: DetailType) =>
  fields.length === 0 ? '{}' : `{ ${fields.map((f) => (/['"]/.test(f.type) ? `${f.name}: ${f.type.replace(/"/g, "'")}` : f.name)).join(', ')} }`

function eventTable(details = eventDetailTypes()): string {
  const used = new Set(Object.values(ELEMENT_DOCS).flatMap((d) => d.events))
  const rows = Object.entries(EVENT_DOCS)
    .filter(([name]) => used.has(name as keyof typeof EVENT_DOCS))
    .map(([name, when]) => `| ${code(name)} | ${code(detail(details[name]))} | ${cell(when)} |`)
  return [EVENT_HEADER, '|---|---|---|', ...rows].join('\n')
}

/** The page with those of the three tables it holds replaced by the ones the descriptors make. */
export function withTables(readme: string, tables = { elements: elementTable(), attributes: attributeTable(), events: eventTable() }): string {
  if (![ELEMENT_HEADER, ATTRIBUTE_HEADER, EVENT_HEADER].some((h) => readme.includes(`${h}\n`))) throw new Error('The page holds none of the tables')
  const replace = (text: string, header: string, table: string) => {
    const start = text.indexOf(`${header}\n`)
    if (start < 0) return text
    const end = text.indexOf('\n\n', start)
    return text.slice(0, start) + table + (end < 0 ? '\n' : text.slice(end))
  }
  return replace(replace(replace(readme, ELEMENT_HEADER, tables.elements), ATTRIBUTE_HEADER, tables.attributes), EVENT_HEADER, tables.events)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const page of ['../docs/embedding.md', '../docs/events.md']) {
    const file = fileURLToPath(new URL(page, import.meta.url))
    writeFileSync(file, withTables(readFileSync(file, 'utf8')))
  }
}
