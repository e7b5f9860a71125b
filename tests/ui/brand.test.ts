/** What a host's product-name and env-prefix become, and what falls back to the spec's own texts. */
import { describe, expect, it } from 'vitest'
import { envPrefix, productName } from '../../src/brand'

describe('product-name', () => {
  it('takes one line of the host text, spaces tidied', () => {
    expect(productName('  Acme \n Cloud ')).toBe('Acme Cloud')
  })

  it('stays Flex when missing, blank or longer than a name', () => {
    for (const value of [undefined, '', '   ', 'x'.repeat(41)]) expect(productName(value)).toBe('Flex')
  })
})

describe('env-prefix', () => {
  it('upper-cases a valid variable name', () => {
    expect(envPrefix('acme')).toBe('ACME')
    expect(envPrefix('ACME_CLOUD2')).toBe('ACME_CLOUD2')
  })

  it('stays FLEX for what a shell would not take as a name', () => {
    for (const value of [undefined, '', '1ACME', 'ACME-CLOUD', 'A B', 'ACME=$(rm)', 'X'.repeat(33)]) expect(envPrefix(value)).toBe('FLEX')
  })
})
