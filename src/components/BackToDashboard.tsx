import { RouteLink } from '../router/RouteLink'
import { useT } from '../i18n'
import { common } from '../i18n/en/common'
import { FOCUS_RING } from './focus-ring'

/**
 * The way back from a screen whose code could not be fetched (the portal's
 * project and profile routes, a project's page), as the screen itself would
 * have offered it. The reader most likely came from the dashboard, so its code
 * is here already; if not, the dashboard says so itself and offers "Try again".
 */
export function BackToDashboard() {
  const t = useT(common)
  return (
    <RouteLink to="/dashboard" className={`rounded-flex text-sm font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}>
      {t('common.backToDashboard')}
    </RouteLink>
  )
}
