import { AppFrame } from '../../components/frame/AppFrame'
import { ProfileScreen, type AccountView } from './ProfileScreen'

/** The portal's profile and settings routes: the signed-in frame around the account. A chunk of its own (lazy.ts). */
export function ProfilePage({ view }: { view: AccountView }) {
  return (
    <AppFrame>
      <ProfileScreen view={view} />
    </AppFrame>
  )
}
