/** The key dialog's own check of an address allowlist, before the server's. */
import { describe, expect, it } from 'vitest'
import { firstInvalid, ipEntries, isIpOrRange } from '../../src/elements/project-detail/key-access/ip-list'

describe('an allowlist entry', () => {
  it('takes IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '255.255.255.255/32', '::1', '2001:db8::/32', '::/0', '::ffff:192.0.2.1', 'fe80::1/128'])
      expect(isIpOrRange(ok), ok).toBe(true)
  })

  it('refuses what is no address or range', () => {
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/08',
      '1.2.3.4/',
      '2001:db8::/129',
      '1:2:3:4:5:6:7:8:9',
      '[::1]',
      'fe80::1%eth0',
      'example.com',
      '10.0.0.0/8/8',
      '',
    ])
      expect(isIpOrRange(bad), bad).toBe(false)
  })

  it('reads one entry per line or comma, blanks dropped, each once, and finds the first bad one', () => {
    const entries = ipEntries(' 10.0.0.1 \n\n10.0.0.1, 10.0.0.0/33\nnope')
    expect(entries).toEqual(['10.0.0.1', '10.0.0.0/33', 'nope'])
    expect(firstInvalid(entries)).toBe('10.0.0.0/33')
    expect(firstInvalid(['::1'])).toBeUndefined()
  })
})
