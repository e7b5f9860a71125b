/**
 * The reporter's queue: each entry's JSON text written into pages of bytes
 * as it is queued, instead of kept as a string. A queued entry lives a second
 * or more (up to 30 s while the portal is down): as strings, the collector
 * copied every one of them from space to space until it was sent, which cost
 * the provider more than making the entries. In a page the text is bytes the
 * collector never walks, and the string it was written from dies young.
 * Bounded: past `max` entries the oldest is dropped, in constant time.
 *
 * Interleaved A/B against the queue of strings it replaced
 * (bench/request-log-queue.ts, two runs of 3 rounds, load average 18–29):
 * reporting's CPU a request, portal up, median 4.86 µs (rounds 3.80–7.30)
 * before, 3.54 µs (2.99–5.59) with pages, 27% less; portal down 4.11 µs
 * (3.32–4.97) before, 3.36 µs (2.87–4.36), 18% less.
 *
 * A batch's body is the pages' bytes, copied once into one array: decoded to
 * a string, which the send encoded again, it cost 1.1 ms a batch of 1,000
 * entries (0.01 ms now). Interleaved against that, three rounds each:
 * sending a batch (bench/request-log-send.ts) 8.06 ms of CPU (5.98–8.60)
 * before, 4.42 ms (3.50–4.71) after; reporting's own CPU a request
 * (bench/request-log-queue.ts) 8.17 µs (7.98–11.19) before, 7.17 µs
 * (7.11–8.96) after with the portal up.
 */

const COMMA = 44
const PAGE_BYTES = 256 * 1024
// Web APIs, not Node's Buffer: the middlewares run on edge runtimes too.
const encoder = new TextEncoder()
const OPEN = encoder.encode('{"entries":[')
const CLOSE = encoder.encode(']}')

interface Page {
  bytes: Uint8Array
  /** Where each entry's text ends, its comma included. */
  ends: Uint32Array
  /** The first entry still queued (those before it were sent or dropped). */
  first: number
  count: number
  used: number
}

export class EntryQueue {
  private pages: Page[] = []
  private spare: Page | undefined
  length = 0

  /** `max`: most entries held; `perPage`: entries a page holds (a batch's size, so a batch is mostly one page). */
  constructor(
    readonly max: number,
    private readonly perPage: number,
  ) {}

  /** Queues one entry's JSON text; answers true when the oldest was dropped to make room. */
  push(json: string): boolean {
    const full = this.length === this.max
    if (full) this.shift(1)
    let page = this.pages[this.pages.length - 1]
    if (!page || page.count === this.perPage) this.pages.push((page = this.newPage()))
    // UTF-8 takes at most 3 bytes a UTF-16 unit.
    const need = json.length * 3 + 1
    if (page.used + need > page.bytes.length) {
      const bytes = new Uint8Array(Math.max(page.bytes.length * 2, page.used + need))
      bytes.set(page.bytes.subarray(0, page.used))
      page.bytes = bytes
    }
    page.used += encoder.encodeInto(json, page.bytes.subarray(page.used)).written
    page.bytes[page.used++] = COMMA
    page.ends[page.count++] = page.used
    this.length++
    return full
  }

  /**
   * The first `n` entries (or all there are) as the body of POST /logs, in UTF-8, and how many it holds: the
   * pages' bytes copied as they are, never decoded to a string for the send to encode again.
   */
  body(n: number): { body: Uint8Array; count: number } {
    const slices: Uint8Array[] = []
    let count = 0
    let size = 0
    for (const page of this.pages) {
      if (count === n) break
      const k = Math.min(n - count, page.count - page.first)
      if (k === 0) continue
      // Each entry with its comma.
      const slice = page.bytes.subarray(this.start(page, page.first), page.ends[page.first + k - 1])
      slices.push(slice)
      size += slice.length
      count += k
    }
    // The last entry's comma is where the list's end goes.
    const end = OPEN.length + Math.max(0, size - 1)
    const body = new Uint8Array(end + CLOSE.length)
    body.set(OPEN)
    let at = OPEN.length
    for (const slice of slices) {
      body.set(slice, at)
      at += slice.length
    }
    body.set(CLOSE, end)
    return { body, count }
  }

  /** Forgets the first `n` entries (sent, refused or dropped). */
  shift(n: number) {
    let left = Math.min(n, this.length)
    this.length -= left
    while (left > 0) {
      const page = this.pages[0]
      const k = Math.min(left, page.count - page.first)
      page.first += k
      left -= k
      if (page.first === page.count) this.spare = this.pages.shift()
    }
  }

  private start = (page: Page, i: number) => (i === 0 ? 0 : page.ends[i - 1])

  /** A new page's bytes: room for its entries at about 500 bytes each (it grows when they need more), at most PAGE_BYTES. */
  private get pageBytes() {
    return Math.min(PAGE_BYTES, this.perPage * 512)
  }

  /** A page to fill: the last one emptied, or a new one. */
  private newPage(): Page {
    const page = this.spare ?? { bytes: new Uint8Array(this.pageBytes), ends: new Uint32Array(this.perPage), first: 0, count: 0, used: 0 }
    this.spare = undefined
    page.first = page.count = page.used = 0
    return page
  }
}
