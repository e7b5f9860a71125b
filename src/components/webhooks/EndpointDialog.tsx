import { useId, useState, type FormEvent } from 'react'
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '../../../contract/constants'
import { isApiError } from '../../api/errors'
import { useErrorText } from '../../hooks/useErrorText'
import type { Endpoint, EndpointInput, EventType } from '../../api/webhooks'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { Dialog } from '../dialog/Dialog'
import { DialogActions } from '../dialog/DialogActions'
import { TextField } from '../TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT, type Translate } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'

type Errors = { url?: string; events?: string; form?: string }

function parses(url: string): boolean {
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

/** What the form says before anything is sent: the server has the last word on the address (a private network, say). */
function check(input: EndpointInput, some: boolean, t: Translate<typeof webhooks>): Errors {
  const errors: Errors = {}
  if (!input.url) errors.url = t('webhooks.endpoint.urlRequired')
  else if (!/^https?:\/\/[^\s/?#]+/i.test(input.url) || !parses(input.url)) errors.url = t('webhooks.endpoint.urlInvalid')
  if (some && input.eventTypes.length === 0) errors.events = t('webhooks.endpoint.eventsRequired')
  return errors
}

export interface EndpointDialogProps {
  /** The endpoint to edit; none: a new one. */
  endpoint?: Endpoint
  /** The catalog; undefined while it loads or when it failed (All events still works). */
  eventTypes: EventType[] | undefined
  catalogError?: string
  onRetryCatalog?: () => void
  onClose: () => void
  /** Sends it; a rejection is shown in the dialog, beside the field it concerns. */
  onSave: (input: EndpointInput) => Promise<void>
}

/** "Add endpoint" and "Edit endpoint": the address, a description, and all events or the chosen ones. */
export function EndpointDialog({ endpoint, eventTypes, catalogError, onRetryCatalog, onClose, onSave }: EndpointDialogProps) {
  const t = useT(webhooks)
  const errorText = useErrorText()
  const [some, setSome] = useState(Boolean(endpoint?.eventTypes.length))
  const [errors, setErrors] = useState<Errors>({})
  const { pending, run } = useSingleFlight()
  const eventsError = useId()
  // Types the endpoint already takes stay on the list even if the catalog dropped them.
  const chosen = new Set(endpoint?.eventTypes)
  const catalog = [...(eventTypes ?? []), ...[...chosen].filter((n) => !eventTypes?.some((type) => type.name === n)).map((name) => ({ name }) as EventType)]

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const input: EndpointInput = {
      url: String(data.get('url') ?? '').trim(),
      description: String(data.get('description') ?? '').trim(),
      eventTypes: some ? data.getAll('events').map(String) : [],
    }
    const found = check(input, some, t)
    setErrors(found)
    if (found.url || found.events) return
    void run(async () => {
      try {
        await onSave(input)
      } catch (err) {
        // The server refusing the address (a private network, say): say so beside it.
        const aboutUrl = isApiError(err) && err.code?.startsWith('ENDPOINT_URL')
        setErrors(aboutUrl ? { url: errorText(err) } : { form: errorText(err) })
      }
    })
  }

  // A message about a field goes once the field is changed: it no longer describes what is there.
  const edited = (e: FormEvent<HTMLFormElement>) => {
    const { name } = e.target as HTMLInputElement
    const field = name === 'url' ? 'url' : name === 'events' || name === 'scope' ? 'events' : null
    if (field && errors[field]) setErrors((old) => ({ ...old, [field]: undefined }))
  }

  return (
    <Dialog open onClose={onClose} title={endpoint ? t('webhooks.endpoint.editTitle') : t('webhooks.addEndpoint')}>
      <form onSubmit={submit} onChange={edited} noValidate className="mt-4 space-y-4 text-sm">
        {errors.form && <Alert onDismiss={() => setErrors({})}>{errors.form}</Alert>}
        {/* Its message under it, and focus on it, so a screen reader reads the two together (TextField). */}
        <TextField
          label={t('webhooks.endpoint.url')}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks"
          defaultValue={endpoint?.url}
          maxLength={WEBHOOK_URL_MAX}
          error={errors.url}
        />
        <TextField
          label={t('webhooks.endpoint.description')}
          name="description"
          defaultValue={endpoint?.description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          autoComplete="off"
          dir="auto"
        />
        <fieldset aria-describedby={errors.events ? eventsError : undefined}>
          <legend className="text-sm font-medium text-fg">{t('webhooks.endpoint.events')}</legend>
          <div className="mt-2 space-y-3">
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" checked={!some} onChange={() => setSome(false)} className="accent-accent" />
              {t('webhooks.endpoint.allEvents')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" checked={some} onChange={() => setSome(true)} className="accent-accent" />
              {t('webhooks.endpoint.someEvents')}
            </label>
          </div>
          {some && (
            <div className="mt-3 space-y-3 rounded-flex border border-border bg-bg p-3">
              {catalog.map((type) => (
                <label key={type.name} className="flex items-start gap-2">
                  <input type="checkbox" name="events" value={type.name} defaultChecked={chosen.has(type.name)} className="mt-1 accent-accent" />
                  <span className="min-w-0">
                    <span className="block break-all font-mono text-xs text-fg">{type.name}</span>
                    {type.description && <span className="block text-xs text-muted">{type.description}</span>}
                  </span>
                </label>
              ))}
              {catalogError ? (
                <Alert onRetry={onRetryCatalog}>
                  {t('webhooks.endpoint.catalogFailed')} {catalogError}
                </Alert>
              ) : (
                !eventTypes && <p className="text-xs text-muted">{t('webhooks.endpoint.catalogLoading')}</p>
              )}
              {eventTypes && catalog.length === 0 && <p className="text-xs text-muted">{t('webhooks.endpoint.catalogEmpty')}</p>}
            </div>
          )}
          {/* An alert: focus stays on the button that found it. */}
          {errors.events && (
            <p id={eventsError} role="alert" className="mt-1 text-sm text-danger">
              {errors.events}
            </p>
          )}
        </fieldset>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('webhooks.endpoint.cancel')}
          </Button>
          <Button type="submit" pending={pending} pendingLabel={t('webhooks.endpoint.saving')}>
            {endpoint ? t('webhooks.endpoint.save') : t('webhooks.addEndpoint')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
