import { describe, expect, it } from 'vitest'
import { requireReact } from '../../build/react-require'

describe('requireReact', () => {
  it('writes default and namespace imports of React’s packages as requires', () => {
    const code = [
      "import React from 'react';",
      'import * as ReactDOM from "react-dom";',
      'import o from "react";',
      'React.useId(); ReactDOM.createPortal(); o.createElement()',
    ].join('\n')
    expect(requireReact(code, 'lib.js').split('\n').slice(0, 3)).toEqual([
      'const React = require("react");',
      'const ReactDOM = require("react-dom");',
      'const o = require("react");',
    ])
  })

  it('leaves named imports and other packages as they are', () => {
    const code = [
      'import { createRoot as c } from "react-dom/client";',
      "import { jsx, Fragment } from 'react/jsx-runtime';",
      "import * as Utils from '@floating-ui/utils';",
      "import ReactIs from 'react-is';",
    ].join('\n')
    expect(requireReact(code, 'lib.js')).toBe(code)
  })

  it('fails on a read of the default, which only the bundler’s copy has', () => {
    expect(() => requireReact("import * as React from 'react';\nReact.default.useId()", 'lib.js')).toThrow(/lib\.js reads React\.default/)
    expect(() => requireReact("import React from 'react';\nReact?.default", 'lib.js')).toThrow(/reads React\.default/)
  })
})
