import { useRef, useState } from 'react'
import { deleteAccount, type Profile } from '../../api/accounts'
import { TextField } from '../../components/TextField'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { useNavigation } from '../../router/navigation'
import { signOut } from '../../store/session'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { Section } from './Section'
import { translated } from '../../components/account/server-texts'
import type { ManageCall } from '../../api/request'
import { useCapability } from '../../hooks/useCapability'
import { DeletionPreview } from './DeletionPreview'
import { DangerButton } from '../../components/DangerButton'

/** What deletion removes, in English words: "your account, 2 projects and 5 API keys" (the section says it in the reader's language). */
export const whatGoes = ({ projects, keys }: Pick<Profile, 'projects' | 'keys'>): string => texts['profile.delete.whatGoes']({ projects, keys }, { lang: 'en' })

/** The danger zone: Delete account, which asks for the password and says what goes with it. */
export function DeleteAccountSection({ call, profile }: { call: ManageCall; profile: Profile }) {
  const t = useT(texts)
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement | null>(null)
  // With teams, an owned project may pass to an admin rather than go: the server says which, when the dialog opens.
  const teams = useCapability('teams')
  if (profile.signIn === 'host') {
    return (
      <Section title={t('profile.delete.heading')} tone="danger">
        <p className="text-sm text-muted">{t('profile.delete.host')}</p>
      </Section>
    )
  }
  const what = t('profile.delete.whatGoes', { projects: profile.projects, keys: profile.keys })
  // With teams the preview tells what goes; with no project to lose there are no keys to warn of.
  const body = teams || !profile.projects ? t('profile.departure.body') : t('profile.delete.body', { what })
  return (
    <Section title={t('profile.delete.heading')} tone="danger" intro={profile.projects ? t('profile.delete.intro', { what }) : body}>
      <DangerButton ref={opener} onClick={() => setOpen(true)}>
        {t('profile.delete.heading')}
      </DangerButton>
      {open && (
        <FormDialog
          title={t('profile.delete.title')}
          submitLabel={t('profile.delete.heading')}
          pendingLabel={t('profile.delete.pending')}
          danger
          returnFocus={opener}
          onClose={() => setOpen(false)}
          onSubmit={async (form) => {
            // The dialog shows what is thrown: a message the form knows, in the reader's language.
            await deleteAccount(call, String(new FormData(form).get('password') ?? '')).catch((e: unknown) => {
              throw translated(e, t)
            })
            emit(host, 'flex-account-deleted', { userId: profile.id })
            signOut(host, apiBase, 'deleted')
            navigate('/')
          }}
        >
          <p className="text-fg">{body}</p>
          {teams && <DeletionPreview call={call} />}
          <TextField label={t('profile.delete.password')} name="password" type="password" autoComplete="current-password" required />
        </FormDialog>
      )}
    </Section>
  )
}
