/**
 * React's packages are CommonJS, and an ES module that imports one whole (a
 * default or a namespace import) gets it through the bundler's interop helper
 * (`__toESM`), which copies the package's exports onto a new object, as
 * getters, beside a `default` that is the exports themselves. The libraries
 * that do (r2wc, zustand, floating-ui) read only named properties of it, or
 * its default, which is the exports object: `require()` hands them the same
 * values, so this plugin writes those imports as requires, and the helper and
 * the copying it calls (`__copyProps`) leave the script: 0.2 kB gzip -9 off the
 * first screen and the whole product. The widget's own modules import React
 * through build/react-bindings.ts, whose modules require it the same way.
 *
 * Named imports (`import { createRoot } from "react-dom/client"`) stay: the
 * bundler reads them off the exports with no copy, and leaves out an export
 * nothing names (`hydrateRoot`), which a require, taking the module whole,
 * would keep.
 *
 * The build fails if such a library reads `default` of what it imported whole,
 * which only the copy has.
 */
import type { Plugin } from 'vite'

/** React's CommonJS packages that ES modules import. */
const PACKAGE = `["'](react|react-dom|react-dom/client|react/jsx-runtime)["']`
/** A default or namespace import of one of them: `import React from 'react'`, `import * as ReactDOM from 'react-dom'`. */
const WHOLE = `^import\\s+(?:\\*\\s+as\\s+)?([\\w$]+)\\s+from\\s*${PACKAGE};?`

/** A library module with its default and namespace imports of React's packages written as requires. */
export function requireReact(code: string, id: string): string {
  return code.replace(new RegExp(WHOLE, 'gm'), (_, name: string, pkg: string) => {
    if (new RegExp(`(?<![\\w$])${name.replaceAll('$', '\\$')}\\s*(\\?\\.|\\.)\\s*default\\b`).test(code)) {
      throw new Error(`flex-react-require: ${id} reads ${name}.default, which require() does not have`)
    }
    return `const ${name} = require(${JSON.stringify(pkg)});`
  })
}

export function reactRequire(): Plugin {
  return {
    name: 'flex-react-require',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]/, code: new RegExp(WHOLE, 'm') },
      handler(code, id) {
        return { code: requireReact(code, id), map: null }
      },
    },
  }
}
