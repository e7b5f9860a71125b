import { describe, expect, it } from 'vitest'
import { catalogIdsOf, catalogIdsSource, seedFor, withKeys } from '../../build/catalog-ids'
import { hashKey } from '../../src/i18n/key-hash'
import { CATALOG } from '../../src/i18n/en'

// Reading the catalog's ids scans every source file, and finding a seed that gives each a key of its own tries
// seeds over them all: seconds of CPU on a busy machine.
const SCAN_MS = 60_000

describe("the build's message keys, and its list of them (the check of a host's strings)", () => {
  it('holds every id of the English catalog and no other', { timeout: SCAN_MS }, () => {
    expect(catalogIdsOf()).toEqual(Object.keys(CATALOG).sort())
  })

  it('is a module whose set is the keys of those ids, however far apart', async () => {
    const keys = ['a00', 'a01', 'b0z', 'kx9', 'zzz']
    const source = catalogIdsSource(keys)
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { CATALOG_IDS: Set<string> }
    expect([...module.CATALOG_IDS]).toEqual(keys)
  })

  it('is that set for keys a gap of one character apart, or a move and a gap, at every boundary', async () => {
    const key = (place: number) => String.fromCharCode(97 + Math.floor(place / 1296)) + (place % 1296).toString(36).padStart(2, '0')
    const places = [0, 79, 80, 81, 160, 239, 240, 1439, 1440, 1441, 2800, 33695]
    let at = 0
    for (let i = 1; i < 400; i++) places.push((at += (i * 7919) % 97 || 1) + 3000)
    const keys = [...new Set(places)].sort((a, b) => a - b).map(key)
    const source = catalogIdsSource(keys)
    expect(source).toMatch(/^const gaps = "[ -~]*"$/m)
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { CATALOG_IDS: Set<string> }
    expect([...module.CATALOG_IDS]).toEqual(keys)
  })

  it('gives every id of the catalog a key of its own, the same the widget computes for a host’s strings', { timeout: SCAN_MS }, () => {
    const ids = catalogIdsOf()
    const seed = seedFor(ids)
    expect(new Set(ids.map((id) => hashKey(id, seed))).size).toBe(ids.length)
    expect(hashKey('login.heading', seed)).toMatch(/^[a-z][0-9a-z]{2}$/)
  })

  it('writes the ids in string literals as keys, and nothing else', () => {
    const keys = new Map([['login.heading', 'k1x']])
    const code = `const a = t('login.heading'); const b = { 'login.heading': 'Log in', x: "login.heading", y: \`login.heading\` }; const c = 'say login.heading'`
    expect(withKeys(code, 'x.tsx', keys)).toBe(`const a = t('k1x'); const b = { 'k1x': 'Log in', x: 'k1x', y: 'k1x' }; const c = 'say login.heading'`)
    expect(withKeys(`const c = 'other.id'`, 'x.ts', keys)).toBeUndefined()
  })
})
