import { useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'

// Each class's colour and its words, by the status's hundreds: 1xx (and below), 2xx, 3xx, 4xx, 5xx (and above).
// Their ids written out, so the catalog's check finds them.
const LOOK = [
  ['text-muted', 'requests.status.other'],
  ['text-success', 'requests.status.success'],
  ['text-muted', 'requests.status.redirect'],
  ['text-warning', 'requests.status.clientError'],
  ['text-danger', 'requests.status.serverError'],
] as const

/** A call's HTTP status and its class in words ("404 Client error"): the colour only repeats them. */
export function LogStatus({ status }: { status: number }) {
  const t = useT(requests)
  const [colour, words] = LOOK[Math.min(4, Math.max(0, Math.floor(status / 100) - 1))]
  return (
    <span className="whitespace-nowrap">
      <span className={`font-mono font-semibold ${colour}`}>{status}</span> <span className="text-xs text-muted">{t(words)}</span>
    </span>
  )
}
