import { useEffect, useRef } from 'react'
import { useSignedIn } from '../../hooks/useSignedIn'
import { useNavigation } from '../../router/navigation'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { LazyProjectDetail } from './lazy'
import { useElement } from '../../context/element'

export interface ProjectDetailScreenProps {
  /** The `project-id` attribute; without it, the `projectid` query of the route. */
  projectId?: string
  /** Set by <flex-portal>, which moves focus (and so the view) to the new screen itself. */
  inPortal?: boolean
}

/** Project detail (/projects?projectid={id}). */
export function ProjectDetailScreen({ projectId, inPortal = false }: ProjectDetailScreenProps) {
  const { route } = useNavigation()
  const signedIn = useSignedIn()
  const id = projectId?.trim() || route.query.get('projectid')?.trim() || ''
  const { host } = useElement()
  // Standalone, this element is often below the list it follows: when another
  // project is picked there, bring it into view. Not on the first render (the
  // page is loading; the browser restores its scroll).
  const first = useRef(true)
  useEffect(() => {
    if (!first.current && signedIn && !inPortal && id) host.scrollIntoView?.({ block: 'start' })
    first.current = false
  }, [id, signedIn, inPortal, host])
  if (!signedIn) return <SignedOutNotice />
  // key: another project starts from a clean state (no stale dialogs or data).
  return <LazyProjectDetail key={id} id={id} />
}
