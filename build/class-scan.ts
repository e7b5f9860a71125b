/**
 * The class scan: which files it reads and which words in them may be
 * classes. Like Tailwind's content scan, it over-collects; twind ignores every
 * word that is not a utility.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/**
 * Every whitespace-separated word inside a string literal, deduplicated. The
 * literals come from TypeScript's parser: a regex pairing quotes loses step at
 * the first apostrophe in a comment or JSX text ("Don't…") and silently drops
 * every class after it.
 */
export function candidates(sources: string[]): Set<string> {
  const out = new Set<string>()
  const add = (text: string) => {
    for (const word of text.split(/\s+/)) {
      if (/^[!-]?[a-z@[][\w:./[\]()%#!,&-]*$/i.test(word) && word.length < 80) out.add(word)
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node.text)
    ts.forEachChild(node, visit)
  }
  for (const source of sources) visit(ts.createSourceFile('source.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX))
  return out
}

/** Every .ts and .tsx file under `dir`: what the class scan reads. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}
