/**
 * Attributes every byte of a minified bundle to the source it came from, using
 * the bundle's source map: each mapping segment covers the generated text from
 * its column up to the next segment's column on the same line. Bytes no
 * segment covers (the bundler's wrapper, line ends) count as "(bundler)".
 */

export interface RawSourceMap {
  sources: string[]
  mappings: string
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...B64].map((c, i) => [c, i]))

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`bad VLQ character ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return fields
}

/**
 * The text of `code` split by source: source index → the generated pieces
 * that map to it. Index -1 holds the unmapped pieces.
 */
export function splitBySource(code: string, map: RawSourceMap): Map<number, string[]> {
  const out = new Map<number, string[]>()
  const add = (source: number, text: string) => {
    if (!text) return
    const list = out.get(source)
    if (list) list.push(text)
    else out.set(source, [text])
  }
  const lines = code.split('\n')
  const mapLines = map.mappings.split(';')
  let source = 0 // source index is relative across the whole map
  lines.forEach((line, i) => {
    const segments = (mapLines[i] ?? '').split(',').filter(Boolean)
    let column = 0
    const starts: Array<{ column: number; source: number }> = []
    for (const seg of segments) {
      const f = decodeSegment(seg)
      column += f[0]
      if (f.length >= 4) {
        source += f[1]
        starts.push({ column, source })
      } else {
        starts.push({ column, source: -1 })
      }
    }
    // Columns are UTF-16 offsets, which is what String#slice takes.
    add(-1, line.slice(0, starts[0]?.column ?? line.length))
    starts.forEach((s, k) => add(s.source, line.slice(s.column, starts[k + 1]?.column ?? line.length)))
    if (i < lines.length - 1) add(-1, '\n')
  })
  return out
}

/**
 * The group a source belongs to: its npm package (the last node_modules/
 * segment, scoped names kept whole), the generated stylesheet, or the app's
 * own code by top-level folder of src/.
 */
export function groupOf(source: string): { pkg: string; detail: string } {
  const normalised = source.replace(/\\/g, '/')
  const nm = normalised.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const parts = normalised.slice(nm + 'node_modules/'.length).split('/')
    return { pkg: parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0], detail: '' }
  }
  if (normalised.includes('virtual-flex-styles')) return { pkg: 'app', detail: 'styles (build-time twind CSS)' }
  const src = normalised.lastIndexOf('src/')
  if (src >= 0) {
    const rest = normalised.slice(src + 4).split('/')
    const detail = rest.length > 2 && rest[0] === 'elements' ? `src/elements/${rest[1]}/` : rest.length > 1 ? `src/${rest[0]}/` : `src/${rest[0]}`
    return { pkg: 'app', detail }
  }
  // The contract's constants, named from the checkout's root, not by the map's way up to it from dist/.
  const contract = /(?:^|\/)(contract\/[^/]+)$/.exec(normalised)
  if (contract) return { pkg: 'app', detail: contract[1] }
  return { pkg: normalised.includes('\0') ? '(bundler)' : 'app', detail: normalised }
}
