import { AppFrame } from '../../components/frame/AppFrame'
import { ProfileScreen } from './ProfileScreen'

/** The portal's profile route: the signed-in frame around the profile. A chunk of its own (lazy.ts). */
export function ProfilePage() {
  return (
    <AppFrame>
      <ProfileScreen />
    </AppFrame>
  )
}
