import { useCallback, useContext, useEffect, useReducer } from 'react'
import { LocaleContext } from '../i18n/context'
import { errors } from '../i18n/en/errors'
import type { ApiError } from '../api/errors'
import { errorId } from '../error-text'
import type { Messages } from '../i18n/types'
import { useT } from '../i18n/useT'
import { waitIn } from '../i18n/wait'

type Table = typeof import('../i18n/server-messages')

let table: Table | undefined
let loading: Promise<unknown> | undefined
const NONE: Messages = {}

/**
 * A server's error in the reader's language when the widget knows its code (its
 * forms' field checks, the password rule: i18n/en/server.ts) and the host's
 * `strings` or the bundled language word it, else its message as the server
 * wrote it: an English reader reads the server's own words. The table of known
 * codes is fetched only for the others (until it arrives, they read the server's words).
 */
export function useServerText(): (error: { message: string; code?: string; retryAfter?: number }) => string {
  const locale = useContext(LocaleContext)
  const translated = locale.messages !== undefined || locale.strings !== undefined
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!translated || table) return
    let live = true
    loading ??= import('../i18n/server-messages').then(
      (m) => (table = m),
      () => (loading = undefined),
    )
    void loading.then(() => live && arrived())
    return () => {
      live = false
    }
  }, [translated])
  const known = translated ? table : undefined
  // No English of the server's texts is bundled: where the host and the bundled language have none, its own words.
  const t = useT<Messages>(NONE)
  return useCallback(
    (error: { message: string; code?: string; retryAfter?: number }) => {
      const id = known?.knownCode(error)
      if (!id || (locale.strings?.[id] === undefined && locale.messages?.[id] === undefined)) return error.message
      // The wait in the language of the text it goes into (the host's or the bundled one): the page's tag.
      return t(id, { wait: waitIn(locale.tag, error.retryAfter ?? 0, known?.LONG_WAITS.has(error.code as string)) })
    },
    [known, t, locale],
  )
}

/**
 * What a screen shows for a failed call, in the reader's language: the
 * widget's own words (no answer, an answer it cannot read) by their id, a
 * server's message through useServerText.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useT<Messages>(errors)
  const serverText = useServerText()
  return useCallback(
    (e: unknown) => {
      const said = errorId(e)
      // A text not in `errors` (a chunk's own, such as 'error.cors') is the error's message in English.
      return said ? t(said.id, said.params) || (e as Error).message : serverText(e as ApiError)
    },
    [t, serverText],
  )
}
