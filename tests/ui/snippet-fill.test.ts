/**
 * Placeholder replacement in the host's own DOM: plain blocks, and blocks that
 * Prism, Shiki and highlight.js have already split into tokens.
 */
import { describe, expect, it } from 'vitest'
import { fillPlaceholders, fillText, STAND_INS } from '../../src/components/snippets/fill'

const VALUES = { projectId: 'prj_123', apiProjectId: 'apid_456', apiKey: 'fxk_secret789' }

function block(html: string): HTMLElement {
  const el = document.createElement('div')
  el.innerHTML = html
  document.body.append(el)
  return el
}

/** Every element of a block with its class and style, to prove the markup is kept. */
const markup = (el: Element) => [...el.querySelectorAll('*')].map((e) => `${e.localName}.${e.className}|${e.getAttribute('style') ?? ''}`)

describe('fillPlaceholders', () => {
  it('fills a plain <pre><code> block', () => {
    const el = block('<pre><code>curl /v1/projects/{{projectId}} -H "Authorization: Bearer {{apiKey}}" -H "X-Api-Project: {{apiProjectId}}"</code></pre>')
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('curl /v1/projects/prj_123 -H "Authorization: Bearer fxk_secret789" -H "X-Api-Project: apid_456"')
  })

  it('Prism: a placeholder split into punctuation tokens is filled, the value inside the name token, every token kept', () => {
    // Prism's JavaScript grammar on `const key = {{apiKey}};`
    const el = block(
      '<pre class="language-js"><code class="language-js"><span class="token keyword">const</span> key <span class="token operator">=</span> ' +
        '<span class="token punctuation">{</span><span class="token punctuation">{</span>apiKey<span class="token punctuation">}</span><span class="token punctuation">}</span>' +
        '<span class="token punctuation">;</span></code></pre>',
    )
    const before = markup(el)
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('const key = fxk_secret789;')
    expect(markup(el)).toEqual(before)
    expect([...el.querySelectorAll('.punctuation')].map((p) => p.textContent)).toEqual(['', '', '', '', ';'])
  })

  it('Shiki: inline-styled spans, the name in a token of its own', () => {
    const el = block(
      '<pre class="shiki github-dark"><code><span class="line"><span style="color:#F97583">const</span><span style="color:#E1E4E8"> id </span>' +
        '<span style="color:#F97583">=</span><span style="color:#9ECBFF"> &quot;{{</span><span style="color:#79B8FF">projectId</span><span style="color:#9ECBFF">}}&quot;</span></span></code></pre>',
    )
    const before = markup(el)
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('const id = "prj_123"')
    expect(markup(el)).toEqual(before)
    expect(el.querySelector('[style="color:#79B8FF"]')!.textContent).toBe('prj_123')
  })

  it('highlight.js: a template variable inside a string, and a name cut in the middle of a text node', () => {
    const el = block(
      '<pre><code class="hljs language-bash">curl -H <span class="hljs-string">&quot;X-Api-Project: {{</span><span class="hljs-template-variable">apiProjectId</span><span class="hljs-string">}}&quot;</span> ' +
        '-H <span class="hljs-string">&quot;Authorization: Bearer {{api</span><span class="hljs-string">Key}}&quot;</span></code></pre>',
    )
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('curl -H "X-Api-Project: apid_456" -H "Authorization: Bearer fxk_secret789"')
    expect(el.querySelector('.hljs-template-variable')!.textContent).toBe('apid_456')
  })

  it('keeps the template: filling again with other values re-renders, and the stand-ins come back', () => {
    const el = block('<pre><code><span>{{</span>projectId<span>}}</span>/<span>{{apiKey}}</span></code></pre>')
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('prj_123/fxk_secret789')
    fillPlaceholders(el, { ...VALUES, projectId: 'prj_other', apiKey: 'fxk_other' })
    expect(el.textContent).toBe('prj_other/fxk_other')
    fillPlaceholders(el, STAND_INS)
    expect(el.textContent).toBe('YOUR_PROJECT_ID/YOUR_API_KEY')
  })

  it('replaces as text, never parsed as HTML', () => {
    const el = block('<pre><code>key={{apiKey}}</code></pre>')
    fillPlaceholders(el, { ...VALUES, apiKey: '<img src=x onerror="alert(1)"><b>bold</b>' })
    expect(el.querySelector('img, b')).not.toBeInTheDocument()
    expect(el.textContent).toBe('key=<img src=x onerror="alert(1)"><b>bold</b>')
    expect(el.innerHTML).toContain('&lt;img')
  })

  it('a value that itself looks like a placeholder is not filled again on the next pass', () => {
    const el = block('<pre><code>{{projectId}}</code></pre>')
    fillPlaceholders(el, { ...VALUES, projectId: '{{apiKey}}' })
    fillPlaceholders(el, { ...VALUES, projectId: 'prj_2' })
    expect(el.textContent).toBe('prj_2')
  })

  it('text the host changes after a fill becomes the new template', () => {
    const el = block('<pre><code>{{projectId}}</code></pre>')
    fillPlaceholders(el, VALUES)
    el.querySelector('code')!.firstChild!.textContent = 'id: {{apiProjectId}}'
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe('id: apid_456')
  })

  it('leaves other braces and unknown names alone', () => {
    const text = 'fn() { return {{other}} + {a: {b: 1}} + { {apiKey} } }'
    const el = block(`<pre><code>${text}</code></pre>`)
    fillPlaceholders(el, VALUES)
    expect(el.textContent).toBe(text)
  })
})

describe('fillText', () => {
  it('fills a template string, every occurrence', () => {
    expect(fillText('{{projectId}} {{apiProjectId}} {{apiKey}} {{apiKey}}', VALUES)).toBe('prj_123 apid_456 fxk_secret789 fxk_secret789')
  })
})

describe('{{env}}', () => {
  it('fills the three values as .env lines named with the env-prefix', () => {
    const el = block('<pre><code># .env\n{{env}}</code></pre>')
    fillPlaceholders(el, VALUES, 'ACME')
    expect(el.textContent).toBe('# .env\nACME_PROJECT_ID=prj_123\nACME_API_PROJECT_ID=apid_456\nACME_API_KEY=fxk_secret789')
  })

  it('keeps the FLEX_ names without a prefix, signed out included', () => {
    expect(fillText('{{env}}', STAND_INS)).toBe('FLEX_PROJECT_ID=YOUR_PROJECT_ID\nFLEX_API_PROJECT_ID=YOUR_API_PROJECT_ID\nFLEX_API_KEY=YOUR_API_KEY')
  })
})
