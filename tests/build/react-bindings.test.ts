/**
 * The widget's calls of React are plain bindings in the built scripts
 * (build/react-bindings.ts), not `(0,x.useState)(…)` on React's CommonJS
 * module object. The dist/ check builds nothing (see bundle.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { importedNames } from '../../build/react-bindings'

describe('React bindings', () => {
  it('name each value the sources import from a package, types and other packages left out', () => {
    const sources = [
      "import { useState, type FormEvent } from 'react'\nimport { create } from 'zustand'",
      "import type { ReactNode } from 'react'\nimport {\n  useId as id,\n  memo,\n} from 'react'",
    ]
    expect(importedNames(sources, 'react')).toEqual(['memo', 'useId', 'useState'])
  })

  it('refuse a default or namespace import, whose uses no binding could stand for', () => {
    expect(() => importedNames(["import * as React from 'react'"], 'react')).toThrow(/by name/)
    expect(() => importedNames(["import React from 'react'"], 'react')).toThrow(/by name/)
  })

  it('leave no call of a hook or of jsx on React’s module object in the script tag’s files', () => {
    if (!existsSync('dist/flex-portal.js')) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).')
    const files = readdirSync('dist').filter((name) => /^(flex-portal|fp-.*)\.js$/.test(name))
    const calls = files.flatMap((name) =>
      [...readFileSync(`dist/${name}`, 'utf8').matchAll(/\(0,[\w$]+\.(use\w+|jsxs?|createContext|memo)\)/g)].map((m) => m[1]),
    )
    expect(calls).toEqual([])
    // The React functions are still called: the bindings are what the widget's code uses.
    expect(readFileSync('dist/flex-portal.js', 'utf8')).toMatch(/[\w$]+=[\w$]+\.useState\b/)
  })
})
