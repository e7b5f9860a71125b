import type { ReactNode } from 'react'
import { AlertIcon } from './icons/AlertIcon'
import { useT } from '../i18n'
import { common } from '../i18n/en/common'
import { FOCUS_RING } from './focus-ring'

export interface AlertProps {
  children: ReactNode
  /** error: the red banner of a failed form or call, with a red icon; warning: amber (a secret shown once); info: a neutral notice. */
  tone?: 'error' | 'warning' | 'info'
  /** Each shown as a small button when given. */
  onDismiss?: () => void
  onRetry?: () => void
  className?: string
}

/** The red banner with a red icon, announced to screen readers. */
export function Alert({ children, tone = 'error', onDismiss, onRetry, className = '' }: AlertProps) {
  const t = useT(common)
  const colours = {
    error: 'bg-danger-bg text-danger border-danger',
    warning: 'bg-warning-bg text-warning border-warning font-medium',
    info: 'bg-raised text-fg border-border',
  }[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex flex-wrap items-start gap-3 rounded-flex border px-4 py-3 text-sm ${colours} ${className}`}
    >
      <AlertIcon className="h-5 w-5 shrink-0" />
      {/* In a narrow box the text keeps 10rem and Retry/Dismiss wrap below it; anywhere, not break-word, so a button inside may break too. */}
      <div className="min-w-0 flex-1 basis-40 [overflow-wrap:anywhere]">{children}</div>
      {onRetry && <AlertButton onClick={onRetry}>{t('common.retry')}</AlertButton>}
      {onDismiss && <AlertButton onClick={onDismiss}>{t('common.dismiss')}</AlertButton>}
    </div>
  )
}

function AlertButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className={`shrink-0 rounded-flex px-1 font-semibold underline ${FOCUS_RING}`}>
      {children}
    </button>
  )
}
