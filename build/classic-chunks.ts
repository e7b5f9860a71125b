/**
 * Turns the script-tag build (CommonJS chunks, vite.config.ts) into classic
 * scripts a browser runs from a plain `<script src>`, with no module loader:
 *
 * - dist/flex-portal.js holds a small runtime, every chunk the entry needs
 *   before it runs (React, the store, the first screens), and the entry. One
 *   file, one round trip: what a page fetches before its log-in is usable.
 * - every other chunk (dist/fp-*.js) is a classic script that registers one
 *   module factory. Each `import()` of the source became
 *   `Promise.resolve().then(() => require("./fp-….js"))`; it is rewritten to
 *   `require.load("<id>")`, which adds a `<script>` for that file and the
 *   chunks it needs (from this script's own directory, with its nonce), waits
 *   for them, and requires it. Chunks name each other, and register, by a short
 *   id (a base-36 number) that the runtime maps to the file: each file name,
 *   written in every chunk that needs it, cost more than the runtime's one table.
 *
 * Why not ES modules and import(): a classic script cannot share modules with
 * them, so the script would have to be a loader that imports the real entry,
 * a second round trip before anything runs (measured: +22 ms to a usable
 * log-in on loopback, more on a real network).
 *
 * The registry is a global named after this build (`flexPortal:<hash>`), so a
 * second copy of the same script reuses every module (nothing runs twice),
 * and another build on the same page keeps to its own chunks.
 */
import { createHash } from 'node:crypto'
import { minifySync, parseAst, type Plugin, type Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

export const SCRIPT_FILE = 'flex-portal.js'

/** What rolldown writes for a dynamic import in CommonJS output. */
const DYNAMIC_IMPORT = /Promise\.resolve\(\)\.then\(\(\)=>require\(("\.\/[\w.-]+\.js")\)\)/g

/**
 * The runtime's code: `require`, and `require.load` for the chunks fetched on
 * demand. It reads the registry `R`, the table `N` (id → file), `D` (what each
 * chunk fetched on demand needs beside it) and `P` (the fetches under way),
 * which `runtimeSource` declares before it. A file that has not come in 120 s
 * (the spec's chunk time-out: a stalled proxy, a dead connection) counts as
 * failed: "Try again" then fetches it anew, under a URL of its own (`?1`: the
 * browser would join the stalled fetch of the same URL); the timed-out script's
 * own late answer is not heard, or it would undo that fetch's bookkeeping. Written plainly here and minified
 * once by the build (it is the one part the bundler does not minify).
 */
const RUNTIME = `var F={},me=document.currentScript,src=me&&me.src,nonce=me&&me.nonce;
if(!src){var all=document.getElementsByTagName("script");for(var i=all.length-1;i>=0&&!src;i--)if(/\\/flex-portal\\.js([?#]|$)/.test(all[i].src))src=all[i].src}
function req(n){var m=R.m[n];if(m)return m.exports;var f=R.f[n];if(!f)throw new Error("Flex Portal: "+n+" is not loaded");m=R.m[n]={exports:{}};f.call(m.exports,req,m.exports,m);return m.exports}
function fetchFile(n){
if(R.f[n])return Promise.resolve();
return P[n]||(P[n]=new Promise(function(ok,fail){
var s=document.createElement("script");s.src=new URL("./"+N[n]+(F[n]?"?"+F[n]:""),src||document.baseURI).href;s.async=true;if(nonce)s.nonce=nonce;
var t=setTimeout(done,12e4);
function done(){clearTimeout(t);s.onload=s.onerror=null;s.remove();if(R.f[n])return ok();delete P[n];F[n]=-~F[n];fail(new Error("Flex Portal could not load "+N[n]))}
s.onload=done;s.onerror=done;(document.body||document.documentElement).appendChild(s)}))}
req.e=function(e,d){for(var k in d)Object.defineProperty(e,k,{enumerable:true,get:d[k]})};
req.load=function(k){return Promise.all([k].concat(D[k]||[]).map(fetchFile)).then(function(){return req(k)})};
R.r=req;`

let minifiedRuntime: string | undefined
function runtimeCode(): string {
  if (minifiedRuntime === undefined) {
    const result = minifySync('flex-runtime.js', RUNTIME, { compress: { target: 'es2022' }, mangle: { toplevel: true, reserved: ['K', 'R', 'N', 'D', 'P'] } })
    if (result.errors.length > 0) throw new Error(`flex-classic-chunks: the runtime does not minify: ${result.errors.map((e) => e.message).join('; ')}`)
    minifiedRuntime = result.code
  }
  return minifiedRuntime
}

/**
 * The runtime: the registry, `require`, and `require.load` for the chunks
 * fetched on demand. Chunks register and name each other by a short id
 * (`names`: id → file), not by file name; `deps` gives what each chunk fetched
 * on demand needs beside it.
 */
export function runtimeSource(key: string, names: Record<string, string>, deps: Record<string, string[]>): string {
  return `var K=${JSON.stringify(key)},R=self[K]||(self[K]={f:{},m:{}}),N=${JSON.stringify(names)},D=${JSON.stringify(deps)},P={};\n${runtimeCode()}`
}

/**
 * A chunk as a module factory in the registry (which the script's runtime
 * makes before any chunk runs). The parentheses around the function are V8's
 * hint that it runs at once: it is compiled in one pass, not pre-parsed and
 * then parsed again when called (measured: ~10 ms of main-thread time on the
 * first screen's 270 kB). `module` is passed only to a chunk that names it:
 * the bundler writes `exports`, and the parameter heads every chunk.
 */
const factory = (key: string, name: string, code: string) =>
  `self[${JSON.stringify(key)}].f[${JSON.stringify(name)}]=(function(require,exports${/\bmodule\b/.test(code) ? ',module' : ''}){${code}\n});\n`

/** A run of the getters the bundler writes for a chunk's exports in CommonJS output. */
const EXPORT_RUN = /(?:Object\.defineProperty\(exports,"[\w$]+",\{enumerable:!0,get:function\(\)\{return [\w$.]+\}\}\),?)+/g
const EXPORT = /exports,"([\w$]+)",\{enumerable:!0,get:function\(\)\{return ([\w$.]+)\}\}/g

/**
 * The chunk's exports as one or two runtime calls per run: a getter
 * (`require.e(exports,{A:()=>x,…})`) for an export whose binding may change,
 * its value once (`Object.assign(exports,{B:y,…})`) for one that cannot
 * (`constants`). Either is without the ~70 characters of boilerplate each.
 */
export function compactExports(code: string): string {
  const constant = constants(code)
  return code.replace(EXPORT_RUN, (run, at: number) => {
    const plain: string[] = []
    const getters: string[] = []
    for (const [, name, value] of run.matchAll(EXPORT)) {
      if (constant(value, at)) plain.push(`${name}:${value}`)
      else getters.push(`${name}:()=>${value}`)
    }
    const calls = [plain.length > 0 && `Object.assign(exports,{${plain.join()}})`, getters.length > 0 && `require.e(exports,{${getters.join()}})`]
    return calls.filter(Boolean).join() + (run.endsWith(',') ? ',' : '')
  })
}

type Node = { type: string; start: number; end: number; [field: string]: unknown }

/**
 * Which of a chunk's top-level bindings hold their value from a given place
 * on: declared once at the top level, before that place (a function
 * declaration anywhere), and never the target of an assignment, an update or a
 * for-in/of anywhere in the chunk, in any scope (minified code reuses short
 * names; a name assigned anywhere keeps its getter). A chunk that does not
 * parse keeps every getter.
 */
function constants(code: string): (name: string, at: number) => boolean {
  let program: Node
  try {
    program = parseAst(code) as unknown as Node
  } catch {
    return () => false
  }
  const declared = new Map<string, number>()
  const twice = new Set<string>()
  const declare = (name: string, end: number) => {
    if (declared.has(name)) twice.add(name)
    declared.set(name, end)
  }
  for (const statement of program.body as Node[]) {
    if (statement.type === 'FunctionDeclaration') declare((statement.id as Node & { name: string }).name, 0)
    else if (statement.type === 'ClassDeclaration') declare((statement.id as Node & { name: string }).name, statement.end)
    else if (statement.type === 'VariableDeclaration')
      for (const d of statement.declarations as Node[]) {
        const id = d.id as Node & { name?: string }
        if (id.type === 'Identifier') declare(id.name!, d.end)
      }
  }
  const assigned = new Set<string>()
  const targets = (node: Node | null): void => {
    if (!node) return
    if (node.type === 'Identifier') assigned.add(node.name as string)
    else if (node.type === 'ArrayPattern') (node.elements as Array<Node | null>).forEach(targets)
    else if (node.type === 'ObjectPattern') for (const p of node.properties as Node[]) targets((p.type === 'RestElement' ? p.argument : p.value) as Node)
    else if (node.type === 'AssignmentPattern') targets(node.left as Node)
    else if (node.type === 'RestElement') targets(node.argument as Node)
  }
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!value || typeof value !== 'object') return
    const node = value as Node
    if (node.type === 'AssignmentExpression') targets(node.left as Node)
    else if (node.type === 'UpdateExpression') targets(node.argument as Node)
    else if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && (node.left as Node).type !== 'VariableDeclaration')
      targets(node.left as Node)
    for (const key in node) if (key !== 'type') visit(node[key])
  }
  visit(program)
  return (name, at) => declared.has(name) && declared.get(name)! <= at && !twice.has(name) && !assigned.has(name)
}

/** A chunk's require() and require.load() of another chunk, by its file name. */
const REQUIRE = /\brequire(\.load)?\("\.\/([\w.-]+\.js)"\)/g

/** Every chunk `names` import statically, however deep, in the order first met. */
function closure(bundle: Rolldown.OutputBundle, names: readonly string[], into = new Set<string>()): Set<string> {
  for (const name of names) {
    const chunk = bundle[name]
    if (into.has(name) || chunk?.type !== 'chunk') continue
    into.add(name)
    closure(bundle, chunk.imports, into)
  }
  return into
}

export function classicChunks(): Plugin {
  return {
    name: 'flex-classic-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk')
      const entry = chunks.find((c) => c.isEntry)
      if (!entry || entry.fileName !== SCRIPT_FILE) throw new Error(`flex-classic-chunks: the entry must be written as ${SCRIPT_FILE}`)
      // 32 bits of the chunks' names: written at the head of every chunk, and two builds on one page
      // share a registry once in four billion pairs.
      const key =
        'flexPortal:' +
        createHash('sha256')
          .update(
            chunks
              .map((c) => c.fileName)
              .sort()
              .join(),
          )
          .digest('hex')
          .slice(0, 8)

      for (const chunk of chunks) {
        const found = new Set([...chunk.code.matchAll(DYNAMIC_IMPORT)].map((m) => (JSON.parse(m[1]) as string).slice(2)))
        // An import() of a module in the same chunk needs no fetching (the bundler writes it as a resolved promise);
        // two screens in one chunk are two import()s of it.
        const elsewhere = chunk.dynamicImports.filter((name) => name !== chunk.fileName)
        // The rewrite relies on the bundler's spelling of import(): a change there must stop the build, not ship a broken one.
        if (found.size !== elsewhere.length || elsewhere.some((name) => !found.has(name))) {
          throw new Error(`flex-classic-chunks: ${chunk.fileName} imports ${elsewhere.length} other chunks on demand but ${found.size} were recognised`)
        }
        chunk.code = compactExports(chunk.code.replace(DYNAMIC_IMPORT, 'require.load($1)'))
      }

      // Each chunk's short id, in place of its file name wherever a chunk names another.
      const ids = new Map(chunks.filter((c) => c !== entry).map((c, i) => [c.fileName, i.toString(36)]))
      for (const chunk of chunks) {
        chunk.code = chunk.code.replace(REQUIRE, (whole, load: string | undefined, name: string) =>
          ids.has(name) ? `require${load ?? ''}(${JSON.stringify(ids.get(name))})` : whole,
        )
      }

      // Inlined into the script: what the entry needs before it runs.
      const inlined = closure(bundle, entry.imports)
      // What each chunk fetched on demand needs beside itself.
      const deps: Record<string, string[]> = {}
      for (const chunk of chunks) {
        if (chunk === entry || inlined.has(chunk.fileName)) continue
        const needs = [...closure(bundle, chunk.imports)].filter((name) => !inlined.has(name)).map((name) => ids.get(name)!)
        if (needs.length > 0) deps[ids.get(chunk.fileName)!] = needs
      }
      const parts = [...inlined].map((name) => factory(key, ids.get(name)!, (bundle[name] as OutputChunk).code))
      // The table names the files the runtime may fetch: a chunk inside the script is registered before anything asks for it.
      const files = Object.fromEntries([...ids].filter(([name]) => !inlined.has(name)).map(([name, id]) => [id, name]))
      // The factories sit at the top level of the script, not inside the
      // runtime's function: there V8 compiled them on the main thread when
      // first called (measured: ~9 ms more before 'Log in' was usable).
      entry.code =
        `/*! Flex Portal: one classic script; later screens load from fp-*.js beside it. */\n(function(){${runtimeSource(key, files, deps)}\n})();\n` +
        parts.join('') +
        factory(key, SCRIPT_FILE, entry.code) +
        `self[${JSON.stringify(key)}].r(${JSON.stringify(SCRIPT_FILE)});\n`
      for (const name of inlined) delete bundle[name]
      for (const chunk of chunks) {
        if (chunk !== entry && !inlined.has(chunk.fileName)) chunk.code = factory(key, ids.get(chunk.fileName)!, chunk.code)
      }
    },
  }
}
