import type { ButtonHTMLAttributes, Ref } from 'react'
import { FOCUS_RING } from './focus-ring'

/**
 * The one style of a destructive button outside its confirming dialog:
 * secondary, red words on an outline. Solid red is kept for the dialog's own
 * confirming button (FormDialog's `danger`), so only the last step looks final.
 */
export function DangerButton({ className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type={type}
      data-danger="secondary"
      className={`inline-flex items-center justify-center rounded-flex border border-border px-4 py-2 text-sm font-semibold text-danger transition-colors hover:border-danger ${FOCUS_RING} focus-visible:ring-offset-2 focus-visible:ring-offset-surface disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...rest}
    />
  )
}
