/**
 * React's exports that nothing in the bundle reads are left out of it
 * (build/react-unused-exports.ts), and a module that reads one fails the
 * build. The dist/ check builds nothing (see bundle.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { dropExports, dropPureComponent, LIBRARY_USES, readsOf, SCHEDULER_USES, UNBUNDLED_USES } from '../../build/react-unused-exports'

describe('React’s unread exports', () => {
  it('are made unused expressions; the kept ones stay exports', () => {
    const source = '"use strict";\nexports.lazy = function (ctor) {\n  return ctor;\n};\nexports.useState = function (s) {\n  return s;\n};\n'
    const { code, dropped } = dropExports(source, new Set(['useState']))
    expect(dropped).toEqual(['lazy'])
    expect(code).toContain('void function (ctor)')
    expect(code).toContain('exports.useState = function')
  })

  it('leave no PureComponent behind once its export is dropped, and React’s source as it is when its shape is another', () => {
    const react = readFileSync('node_modules/react/cjs/react.production.js', 'utf8')
    const { code } = dropExports(react, new Set(['Component', 'createElement']))
    const without = dropPureComponent(code)
    expect(code).toMatch(/\bPureComponent\b/)
    expect(without).not.toMatch(/\b(PureComponent|ComponentDummy|pureComponentPrototype)\b/)
    // Component, which the widget's Failsafe extends, stays whole.
    expect(without).toContain('Component.prototype.setState = function')
    expect(without).toContain('exports.Component = Component;')
    // Another text there (a React update), even one statement more among its own: nothing is taken out.
    const other = code.replace('function ComponentDummy() {}', 'function ComponentDummy() { }')
    expect(dropPureComponent(other)).toBe(other)
    const more = code.replace(
      'pureComponentPrototype.constructor = PureComponent;',
      'function noopHelper() {}\npureComponentPrototype.constructor = PureComponent;',
    )
    expect(dropPureComponent(more)).toBe(more)
  })

  it('are told from what a module reads: named imports, properties of the whole module, of a require and of a copy', () => {
    expect(readsOf("import { useState, type FC, useId as id } from 'react'", 'react')).toEqual(new Set(['useState', 'useId']))
    expect(readsOf("import * as React from 'react'\nconst a = React.useRef(); const b = React['useMemo']", 'react')).toEqual(new Set(['useRef', 'useMemo']))
    expect(readsOf('var React = require("react");\nReact.version;', 'react')).toEqual(new Set(['version']))
    expect(readsOf("import * as React from 'react'\nconst Safe = { ...React }\nSafe.useInsertionEffect", 'react')).toEqual(new Set(['useInsertionEffect']))
    // A comment or a string that names React is no use of it; another package is not React.
    expect(readsOf("import React from 'react'\n// React 18's lazy\nconst s = 'React.lazy'\nReact.createElement", 'react')).toEqual(new Set(['createElement']))
    expect(readsOf("import { createPortal } from 'react-dom'", 'react')).toEqual(new Set())
  })

  it('cannot be told when the module is handed on whole or read by a computed name', () => {
    expect(readsOf("import * as React from 'react'\nregister(React)", 'react')).toBe('all')
    expect(readsOf("import * as React from 'react'\nReact[name]()", 'react')).toBe('all')
  })

  // TypeScript parses react-dom's whole client build here: a second or more of
  // CPU, which a loaded machine stretches past the build project's 5 s.
  it('are what our libraries’ files read of React today (a library update is caught by the build, this says what)', { timeout: 120_000 }, () => {
    const libraries = [
      'node_modules/@floating-ui/react/dist/floating-ui.react.mjs',
      'node_modules/@floating-ui/react/dist/floating-ui.react.utils.mjs',
      'node_modules/@floating-ui/react-dom/dist/floating-ui.react-dom.mjs',
      'node_modules/@r2wc/react-to-web-component/dist/react-to-web-component.js',
      'node_modules/zustand/esm/react.mjs',
      'node_modules/react-dom/cjs/react-dom-client.production.js',
      'node_modules/react-dom/cjs/react-dom.production.js',
    ]
    const read = new Set<string>()
    for (const file of libraries) {
      const code = readFileSync(file, 'utf8')
      for (const pkg of ['react', 'react-dom']) {
        const names = readsOf(code, pkg)
        expect(names, `${file} reads ${pkg} by names`).not.toBe('all')
        for (const name of names as Set<string>) read.add(name)
      }
    }
    expect([...read].sort()).toEqual([...LIBRARY_USES].sort())
  })

  it('of the scheduler are what react-dom’s client reads of it today', { timeout: 120_000 }, () => {
    const names = readsOf(readFileSync('node_modules/react-dom/cjs/react-dom-client.production.js', 'utf8'), 'scheduler')
    expect(names).not.toBe('all')
    expect([...(names as Set<string>)].sort()).toEqual([...SCHEDULER_USES].sort())
  })

  it('are not in the script tag’s first screen: React.Children’s toArray is gone, createElement stays', () => {
    if (!existsSync('dist/flex-portal.js')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
    const script = readFileSync('dist/flex-portal.js', 'utf8')
    expect(script).not.toMatch(/toArray:/)
    expect(script).toMatch(/\.createElement\b/)
    expect(script).not.toMatch(/unstable_(runWithPriority|next|wrapCallback|forceFrameRate)\b/)
  })

  it('read only by library code the bundle leaves out are named nowhere in the scripts', () => {
    if (!existsSync('dist/flex-portal.js')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
    for (const name of UNBUNDLED_USES) expect(LIBRARY_USES).toContain(name)
    const scripts = readdirSync('dist').filter((f) => f.endsWith('.js'))
    for (const file of scripts) expect(readFileSync(`dist/${file}`, 'utf8'), file).not.toMatch(new RegExp(`\\b(${UNBUNDLED_USES.join('|')})\\b`))
  })
})
