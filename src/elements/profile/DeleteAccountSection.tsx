import { useRef, useState } from 'react'
import type { Profile } from '../../api/account-calls'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useNavigation } from '../../router/navigation'
import { signOut } from '../../store/session'
import { KeyFormDialog } from '../project-detail/KeyFormDialog'
import { Section } from './Section'
import type { AccountApi } from './useAccountApi'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What deletion removes, in words: "your account, 2 projects and 5 API keys". */
export function whatGoes(profile: Pick<Profile, 'projects' | 'keys'>): string {
  if (profile.projects === 0) return 'your account'
  return `your account, ${count(profile.projects, 'project', 'projects')} and ${count(profile.keys, 'API key', 'API keys')}`
}

/** The danger zone: Delete account, which asks for the password and says what goes with it. */
export function DeleteAccountSection({ api, profile }: { api: AccountApi; profile: Profile }) {
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement | null>(null)
  if (profile.signIn === 'host') {
    return (
      <Section title="Delete account" tone="danger">
        <p className="text-sm text-muted">Your account belongs to the website you signed in through: ask them to remove it.</p>
      </Section>
    )
  }
  return (
    <Section title="Delete account" tone="danger" intro={`Removes ${whatGoes(profile)} for good. Apps that use those keys stop working at once.`}>
      <Button variant="danger" ref={opener} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && (
        <KeyFormDialog
          title="Delete your account?"
          submitLabel="Delete account"
          pendingLabel="Deleting…"
          danger
          returnFocus={opener}
          onClose={() => setOpen(false)}
          onSubmit={async (form) => {
            await api.deleteAccount(String(new FormData(form).get('password') ?? ''))
            emit(host, 'flex-account-deleted', { userId: profile.id })
            signOut(host, apiBase, 'user')
            navigate('/')
          }}
        >
          <p className="text-fg">
            This deletes {whatGoes(profile)}. Every key stops verifying at once, so apps that use them stop working. This cannot be undone.
          </p>
          <TextField label="Your password, to confirm" name="password" type="password" autoComplete="current-password" required />
        </KeyFormDialog>
      )}
    </Section>
  )
}
