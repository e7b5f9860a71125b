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
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const CORE = /[\\/]node_modules[\\/]@r2wc[\\/]core[\\/]dist[\\/]core\.js$/
/** r2wc 2.1's table, `w = { string: E, number: x, … json: j }`. */
const TABLE = /\b(\w+) = \{\s*string: (\w+),\s*number: \w+,\s*boolean: \w+,\s*function: \w+,\s*method: \w+,\s*json: \w+\s*\}/
/** Where the attributes are declared, and how: each a string. */
const DECLARED = { file: 'src/elements/create-element.tsx', as: "names.map((name) => [name, 'string'])" }

export function r2wcStringProps(): Plugin {
  return {
    name: 'flex-r2wc-string-props',
    apply: 'build',
    buildStart() {
      if (!readFileSync(DECLARED.file, 'utf8').includes(DECLARED.as)) {
        this.error(`flex-r2wc-string-props: ${DECLARED.file} no longer declares every attribute as ${DECLARED.as}: r2wc's other transforms are needed`)
      }
    },
    transform: {
      filter: { id: CORE },
      handler(code, id) {
        if (!CORE.test(id)) return undefined
        if (!TABLE.test(code)) throw new Error(`flex-r2wc-string-props: r2wc's table of prop transforms is not where it was in ${id}`)
        return { code: code.replace(TABLE, (_all, table: string, string: string) => `${table} = { string: ${string} }`), map: null }
      },
    },
  }
}
