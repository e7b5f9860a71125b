import { describe, expect, it } from 'vitest'
import { catalogIdsOf, catalogIdsSource } from '../../build/catalog-ids'
import { CATALOG } from '../../src/i18n/en'

describe("the build's list of catalog ids (the check of a host's strings)", () => {
  it('holds every id of the English catalog and no other', () => {
    expect(catalogIdsOf()).toEqual(Object.keys(CATALOG).sort())
  })

  it('is a module whose set is those ids', async () => {
    const source = catalogIdsSource(['a.b', 'login.heading'])
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { CATALOG_IDS: Set<string> }
    expect([...module.CATALOG_IDS]).toEqual(['a.b', 'login.heading'])
  })
})
