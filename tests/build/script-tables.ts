/**
 * The runtime's tables in the built script (build/classic-chunks.ts): `N`, each
 * chunk's file by its short id, and `D`, what each chunk fetched on demand
 * needs beside it. The minifier writes them as object literals (keys unquoted
 * where it can), so they are read as JavaScript, not JSON.
 */
export function runtimeTable<T>(script: string, name: 'N' | 'D'): Record<string, T> {
  const literal = new RegExp(`\\b${name}=(\\{[^}]*\\})`).exec(script)
  if (!literal) throw new Error(`the script has no ${name}= table`)
  return (0, eval)(`(${literal[1]})`) as Record<string, T>
}

/** The ids of the chunks the script holds, as it registers each (`.f[6]=function`, `.f.e=function`, `.f["6"]=(function`). */
export const registeredIn = (script: string): string[] => [...script.matchAll(/\.f(?:\.([\w$]+)|\["?([^"\]]+)"?\])=\(?function/g)].map((m) => m[1] ?? m[2])
