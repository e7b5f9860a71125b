import type { ReactNode } from 'react'
import { Button, Spinner } from './Button'
import { AlertIcon } from './icons/AlertIcon'
import { useT } from '../i18n'
import { common } from '../i18n/en/common'

/** Where a screen that is not there yet says why: the middle of the area it will fill. */
const PLACE = 'flex min-h-full flex-1 flex-col items-center justify-center gap-3 bg-bg px-6 py-12 text-center font-flex text-sm'

/** Something under way (a chunk arriving, the host's sign-in), or a plain notice when `spinner` is off. */
export function PendingPanel({ children, spinner = true }: { children: ReactNode; spinner?: boolean }) {
  return (
    <div role="status" className={`${PLACE} text-muted`}>
      {spinner && <Spinner className="h-5 w-5" />}
      <p>{children}</p>
    </div>
  )
}

/** Something that failed: what happened, "Try again", and any other way on (`children`) beside it. */
export function FailedPanel({ title, onRetry, children }: { title: string; onRetry: () => void; children?: ReactNode }) {
  const t = useT(common)
  return (
    <div role="alert" className={`${PLACE} text-fg`}>
      <AlertIcon className="h-6 w-6 text-danger" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-muted">{t('common.checkConnection')}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-4">
        <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
        {children}
      </div>
    </div>
  )
}
