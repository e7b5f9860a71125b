import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** What is wrong with the value, said under the field, which is then marked invalid, described by it and focused. */
  error?: string
}

/** A labelled input; the label is a real <label>, so the field has an accessible name. */
export function TextField({ label, error, className = '', ...rest }: TextFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (error) input.current?.focus()
  }, [error])
  const described = [rest['aria-describedby'], error && id + 'e'].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="mt-2 block w-full rounded-flex border border-input-border bg-bg px-3 py-2 text-sm text-fg shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
        {...rest}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={described}
      />
      {error && (
        <p id={id + 'e'} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
