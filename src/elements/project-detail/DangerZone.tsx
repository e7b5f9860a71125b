import { useId, useRef, useState } from 'react'
import type { Project } from '../../api/types'
import { Heading } from '../../components/Heading'
import { useT } from '../../i18n'
import { project as texts } from '../../i18n/en/project'
import { around, SLOT } from './around'
import { FormTextField } from '../../components/form-dialog/FormTextField'
import { FieldError } from '../../components/form-dialog/field-error'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { DangerButton } from '../../components/DangerButton'

/**
 * A name as it reads, for the typed confirmation: composed (NFC, as keyboards type), without the
 * format characters that show nothing (zero-width space and joiners, soft hyphen, U+FEFF), which no
 * one can see to type. What shows is still compared whole, so a name that reads differently never matches.
 */
const asRead = (name: string) =>
  name
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .trim()

/**
 * The danger zone at the foot of the page: "Delete project", confirmed by
 * typing the project's name, since its keys stop working at once and nothing
 * brings them back. `onDelete` rejects with the server's message. `zone`
 * takes the slot where the team's sections draw the ownership transfer.
 */
export function DangerZone({ project, onDelete, zone }: { project: Project; onDelete: () => Promise<void>; zone?: (slot: HTMLElement | null) => void }) {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const opener = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  const t = useT(texts)
  // A project without a name, or with one that shows nothing (a spec-only server allows both), is confirmed by its id.
  const expected = asRead(project.name) ? project.name : project.id
  // The name is set apart (bold, in its own direction) where the reader's language puts it.
  const name = (
    <strong dir="auto" className="font-semibold">
      {expected}
    </strong>
  )
  const [whatBefore, whatAfter] = around(t('project.delete.what', { name: SLOT, keys: Object.keys(project.apiKey).length }))
  const [confirmBefore, confirmAfter] = around(t('project.delete.confirm', { name: SLOT }))
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-flex border border-danger p-4 cq-sm:px-6">
      <Heading id={headingId} depth={1} className="text-lg font-semibold text-fg">
        {t('project.danger.heading')}
      </Heading>
      {/* Where the team's chunk draws "Transfer ownership" (components/teams/HandOver.tsx). */}
      <div ref={zone} />
      <div className="mt-3 flex flex-col gap-3 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
        <p className="text-sm text-muted">{t('project.danger.text')}</p>
        <DangerButton ref={opener} className="shrink-0" onClick={() => setOpen(true)}>
          {t('project.delete.heading')}
        </DangerButton>
      </div>
      {open && (
        <FormDialog
          title={t('project.delete.heading')}
          submitLabel={t('project.delete.heading')}
          pendingLabel={t('project.delete.pending')}
          danger
          returnFocus={opener}
          fields={['confirm']}
          onClose={() => {
            setOpen(false)
            setTyped('')
          }}
          onSubmit={async () => {
            // The button stays enabled (a disabled one cannot say why): a mismatch is answered here.
            if (asRead(typed) !== asRead(expected)) throw new FieldError('confirm', t('project.delete.mismatch', { name: expected }))
            await onDelete()
          }}
        >
          <p>
            {whatBefore}
            {name}
            {whatAfter}
          </p>
          <p>
            {confirmBefore}
            {name}
            {confirmAfter}
          </p>
          <FormTextField
            label={t('project.delete.field')}
            name="confirm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </FormDialog>
      )}
    </section>
  )
}
