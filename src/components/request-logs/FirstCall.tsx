import { useId } from 'react'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { CopyButton } from '../copy-field/CopyButton'
import { STAND_INS } from '../snippets/fill'
import { FOCUS_RING } from '../focus-ring'

/**
 * The empty log's way to a first call: the header that carries the key, with
 * the developer's whole key when it was revealed on this page (as
 * <flex-snippet> fills it), else YOUR_API_KEY; never the masked one.
 */
export function FirstCall({ projectId, keyId }: { projectId: string; keyId?: string }) {
  const t = useT(requests)
  const introId = useId()
  const revealed = useFlexStore((s) => s.revealedKeys[projectId])
  const whole = revealed ? (keyId ? revealed[keyId] : Object.values(revealed).pop()) : undefined
  // The ids are the host's attributes: one that names what every object has (`constructor`) finds no key.
  const line = `Authorization: Bearer ${(typeof whole == 'string' && whole) || STAND_INS.apiKey}`
  return (
    <div className="mt-4 rounded-flex border border-dashed border-border px-4 py-6 text-sm">
      <p className="font-medium text-fg">{t('requests.empty')}</p>
      <p id={introId} className="mt-1 text-muted">
        {t('requests.firstCall')}
      </p>
      {/* A whole key is wider than a phone: the line scrolls in its box, focusable so a keyboard can scroll it too. */}
      <pre
        dir="ltr"
        tabIndex={0}
        role="region"
        aria-labelledby={introId}
        className={`mt-3 overflow-auto rounded-flex bg-bg p-3 font-mono text-xs text-fg ${FOCUS_RING}`}
      >
        {line}
      </pre>
      <div className="mt-2 flex items-center gap-2">
        <CopyButton label={t('requests.copy')} text={() => line} />
      </div>
    </div>
  )
}
