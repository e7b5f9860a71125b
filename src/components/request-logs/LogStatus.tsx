import { useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'

type Class = 'success' | 'redirect' | 'clientError' | 'serverError' | 'other'

const classOf = (status: number): Class =>
  status >= 500 ? 'serverError' : status >= 400 ? 'clientError' : status >= 300 ? 'redirect' : status >= 200 ? 'success' : 'other'

// Each class's colour and its words (their ids written out, so the catalog's check finds them).
const LOOK = {
  success: ['text-success', 'requests.status.success'],
  redirect: ['text-muted', 'requests.status.redirect'],
  clientError: ['text-warning', 'requests.status.clientError'],
  serverError: ['text-danger', 'requests.status.serverError'],
  other: ['text-muted', 'requests.status.other'],
} as const satisfies Record<Class, readonly [string, string]>

/** A call's HTTP status and its class in words ("404 Client error"): the colour only repeats them. */
export function LogStatus({ status }: { status: number }) {
  const t = useT(requests)
  const [colour, words] = LOOK[classOf(status)]
  return (
    <span className="whitespace-nowrap">
      <span className={`font-mono font-semibold ${colour}`}>{status}</span> <span className="text-xs text-muted">{t(words)}</span>
    </span>
  )
}
