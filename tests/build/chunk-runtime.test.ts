/**
 * The script build's chunk loader (build/classic-chunks.ts) run on its own, with a stand-in document and
 * timers: a chunk that does not come in time, "Try again", and the first script's late answer.
 */
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { runtimeSource } from '../../build/classic-chunks'

interface Script {
  src: string
  onload: (() => void) | null
  onerror: (() => void) | null
  remove(): void
}

function page() {
  const scripts: Script[] = []
  const timers = new Map<number, () => void>()
  let next = 0
  const context: Record<string, unknown> = {
    URL,
    Promise,
    Error,
    Object,
    setTimeout: (fn: () => void) => (timers.set(++next, fn), next),
    clearTimeout: (id: number) => timers.delete(id),
    document: {
      currentScript: { src: 'https://cdn.example/flex-portal.js', nonce: '' },
      baseURI: 'https://cdn.example/',
      createElement: () => ({ remove() {} }) as unknown as Script,
      body: { appendChild: (s: Script) => scripts.push(s) },
    },
  }
  context.self = context
  runInNewContext(runtimeSource('flexPortal:test', { a: 'fp-a-1.js' }, {}), context)
  const registry = context['flexPortal:test'] as { f: Record<string, unknown>; r: { load(id: string): Promise<unknown> } }
  const runTimers = () => [...timers.values()].forEach((fn) => fn())
  return { scripts, registry, runTimers }
}

describe('the chunk loader', () => {
  it('gives up on a chunk after its time-out, fetches it anew under a URL of its own, and does not hear the first script late', async () => {
    const { scripts, registry, runTimers } = page()
    const first = registry.r.load('a')
    const late = scripts[0]
    runTimers()
    await expect(first).rejects.toThrow('Flex Portal could not load fp-a-1.js')

    const retry = registry.r.load('a')
    expect(scripts.map((s) => s.src)).toEqual(['https://cdn.example/fp-a-1.js', 'https://cdn.example/fp-a-1.js?1'])
    // The first script's own answer, after all: it changes nothing of the fetch under way.
    late.onerror?.()
    void registry.r.load('a')
    expect(scripts).toHaveLength(2)

    registry.f.a = function (this: unknown, _require: unknown, exports: Record<string, unknown>) {
      exports.ok = true
    }
    scripts[1].onload?.()
    await expect(retry).resolves.toEqual({ ok: true })
  })
})
