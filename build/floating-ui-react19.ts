/**
 * floating-ui falls back, for React before 18, to a useId of its own and to
 * running an effect event's update in render when useInsertionEffect is
 * missing; it picks React's hook from a copy `{ ...React }`, which the bundler
 * cannot see through, so the fallbacks ship though React 19 has both hooks. Its
 * arrow keys' list `[...horizontalKeys, ...verticalKeys]`, which no export the
 * widget imports reads, stays too (spreading an array is not free of effects to
 * the minifier). This plugin loads floating-ui with React's own hooks named
 * and the list written out, so the fallbacks and the copies go (useDismiss and
 * useFloatingRootContext, the two calls the widget makes, run as before).
 * The build fails should floating-ui's files change so a line is not found.
 */
import type { Plugin } from 'vite'

const FILES: { id: RegExp; edits: [RegExp, string][] }[] = [
  {
    id: /[\\/]node_modules[\\/]@floating-ui[\\/]react[\\/]dist[\\/]floating-ui\.react\.mjs$/,
    edits: [
      [/^const SafeReact = \{\s*\.\.\.React\s*\};$/m, ''],
      [/^const useReactId = SafeReact\.useId;$/m, ''],
      [/^const useId = useReactId \|\| useFloatingId;$/m, 'const useId = React.useId;'],
      [/^const allKeys = \[\.\.\.horizontalKeys, \.\.\.verticalKeys\];$/m, 'const allKeys = [ARROW_LEFT, ARROW_RIGHT, ARROW_UP, ARROW_DOWN];'],
    ],
  },
  {
    id: /[\\/]node_modules[\\/]@floating-ui[\\/]react[\\/]dist[\\/]floating-ui\.react\.utils\.mjs$/,
    edits: [
      [/^const SafeReact = \{\s*\.\.\.React\s*\};$/m, ''],
      [/^const useInsertionEffect = SafeReact\.useInsertionEffect;$/m, ''],
      [/^const useSafeInsertionEffect = useInsertionEffect \|\| \(fn => fn\(\)\);$/m, 'const useSafeInsertionEffect = React.useInsertionEffect;'],
    ],
  },
]

export function floatingUiReact19(): Plugin {
  return {
    name: 'flex-floating-ui-react19',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@floating-ui[\\/]react[\\/]dist[\\/]/ },
      handler(code, id) {
        const file = FILES.find((f) => f.id.test(id))
        if (!file) return undefined
        for (const [line, replacement] of file.edits) {
          if (!line.test(code)) throw new Error(`flex-floating-ui-react19: ${line} is no longer in ${id}`)
          code = code.replace(line, replacement)
        }
        if (/\bSafeReact\b/.test(code)) throw new Error(`flex-floating-ui-react19: ${id} reads its copy of React elsewhere`)
        return { code, map: null }
      },
    },
  }
}
