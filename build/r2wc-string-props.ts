/**
 * r2wc converts each attribute through a table of transforms by the prop's
 * declared type: string, number, boolean, function, method, json. The one call
 * of r2wc (src/elements/create-element.tsx) declares every attribute 'string'
 * (the property-only ones are defined over r2wc's), but the table keeps every
 * transform in the bundle: it is read by a key the bundler cannot see. This
 * plugin loads r2wc's core with the table holding 'string' alone, and the other
 * transforms go (216 bytes gzip -9 off the first screen, measured on the build).
 * The build fails should r2wc's file change so the table is not found, or
 * should the source declare an attribute of another type, which would find no
 * transform here.
 *
 * The call declares no events either (the elements dispatch theirs themselves,
 * src/events.ts), so r2wc's events, a table and a dispatcher per event made in
 * each element's constructor, go too (EVENTS below); the build fails should the
 * call name events, or r2wc's lines move.
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const CORE = /[\\/]node_modules[\\/]@r2wc[\\/]core[\\/]dist[\\/]core\.js$/
/** r2wc 2.1's table, `w = { string: E, number: x, … json: j }`. */
const TABLE = /\b(\w+) = \{\s*string: (\w+),\s*number: \w+,\s*boolean: \w+,\s*function: \w+,\s*method: \w+,\s*json: \w+\s*\}/
/** Where the attributes are declared, and how: each a string. */
const DECLARED = { file: 'src/elements/create-element.tsx', as: "names.map((name) => [name, 'string'])" }
/** r2wc's one call, with no `events`. */
const CALL = "r2wc(ElementRoot, { shadow: 'open', props: observed as never })"
/** r2wc 2.1's events, given none: the list (`u`) made empty, the loops over it gone. */
const EVENTS: [RegExp, string][] = [
  [/, (\w+) = Array\.isArray\((\w+)\.events\) \? \2\.events\.slice\(\) : Object\.keys\(\2\.events\)/, ''],
  [/^ *for \(const \w+ of (\w+)\)\n *\w+\[\w+\] = Array\.isArray\(\w+\.events\) \? \{\} : \w+\.events\[\w+\];\n/m, ''],
  [/^ *for \(const (\w+) of \w+\)\n *this\[\w+\]\[\1\] = \(\w+\) => \{\n[^}]*?\.replace\(\/\^on\/, ""\)[^}]*?new CustomEvent\([^}]*\}\)\n *\);\n *\};\n/m, ''],
]

export function r2wcStringProps(): Plugin {
  return {
    name: 'flex-r2wc-string-props',
    apply: 'build',
    buildStart() {
      const source = readFileSync(DECLARED.file, 'utf8')
      if (!source.includes(DECLARED.as)) {
        this.error(`flex-r2wc-string-props: ${DECLARED.file} no longer declares every attribute as ${DECLARED.as}: r2wc's other transforms are needed`)
      }
      if (!source.includes(CALL)) this.error(`flex-r2wc-string-props: ${DECLARED.file} no longer calls ${CALL}: r2wc's events may be needed`)
    },
    transform: {
      filter: { id: CORE },
      handler(code, id) {
        if (!CORE.test(id)) return undefined
        if (!TABLE.test(code)) throw new Error(`flex-r2wc-string-props: r2wc's table of prop transforms is not where it was in ${id}`)
        code = code.replace(TABLE, (_all, table: string, string: string) => `${table} = { string: ${string} }`)
        for (const [lines, replacement] of EVENTS) {
          if (!lines.test(code)) throw new Error(`flex-r2wc-string-props: r2wc's events are not where they were in ${id}`)
          code = code.replace(lines, replacement)
        }
        if (/\bevents\b/.test(code.replace(/\w+\.events \|\| \(\w+\.events = \[\]\)/, '')))
          throw new Error(`flex-r2wc-string-props: ${id} reads its events elsewhere`)
        return { code, map: null }
      },
    },
  }
}
