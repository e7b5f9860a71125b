/** The key dialog's own reading of an address allowlist: the form of each entry, before the server's check. */
import { describe, expect, it } from 'vitest'
import { firstInvalid, ipEntries } from '../../src/elements/project-detail/key-access/ip-list'

const inForm = (entry: string) => firstInvalid([entry]) === undefined

describe('an allowlist entry', () => {
  it('takes IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '255.255.255.255/32', '::1', '2001:db8::/32', '::/0', '::ffff:192.0.2.1', 'fe80::1/128'])
      expect(inForm(ok), ok).toBe(true)
  })

  it('refuses what is not in the form of an address or range', () => {
    for (const bad of ['1.2.3', '1.2.3.4/', '1.2.3.4.5', '[::1]', 'fe80::1%eth0', 'example.com', '10.0.0.0/8/8', '1.2.3.4/1000', 'abc'])
      expect(inForm(bad), bad).toBe(false)
  })

  it('leaves the numbers to the server, whose refusal names the entry', () => {
    for (const served of ['256.1.1.1', '1.2.3.4/33', '2001:db8::/129']) expect(inForm(served), served).toBe(true)
  })

  it('reads one entry per line or comma, blanks dropped, each once, and finds the first bad one', () => {
    const entries = ipEntries(' 10.0.0.1 \n\n10.0.0.1, 10.0.0.0/8/8\nnope')
    expect(entries).toEqual(['10.0.0.1', '10.0.0.0/8/8', 'nope'])
    expect(firstInvalid(entries)).toBe('10.0.0.0/8/8')
    expect(firstInvalid(['::1'])).toBeUndefined()
  })
})
