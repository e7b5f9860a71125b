import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { englishText, stringsList, withStrings } from '../../scripts/readme-strings'
import { CATALOG } from '../../src/i18n/en'

describe("docs/languages.md's list of message ids", () => {
  it('is the one the catalog makes (`npm run docs:strings` rewrites it)', () => {
    const page = readFileSync('docs/languages.md', 'utf8')
    expect(withStrings(page)).toBe(page)
  })

  it('has every id once, with its English text; a message function shows its parameters as a host writes them', () => {
    const list = stringsList()
    for (const id of Object.keys(CATALOG)) expect(list.split(`| \`${id}\` |`), id).toHaveLength(2)
    expect(list).toContain('| `login.heading` | Log in to your account |')
    expect(englishText(CATALOG['projects.heading'])).toBe('Your {product} Projects')
    expect(englishText(CATALOG['keys.left.days'])).toBe('{count} days')
  })

  it('changes when the catalog does', () => {
    const page = readFileSync('docs/languages.md', 'utf8')
    expect(withStrings(page, stringsList({ ...CATALOG, 'login.heading': 'Something else' }))).not.toBe(page)
  })
})
