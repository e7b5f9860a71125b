import { useCallback } from 'react'
import { getScopes, type ScopeEntry } from '../../api/api-keys'
import type { Project } from '../../api/types'
import { useAsync } from '../../hooks/useAsync'
import { useCapability } from '../../hooks/useCapability'
import { useManageApi } from '../../hooks/useManageApi'

/**
 * The provider's scope catalog, on a server with key restrictions (and key
 * metadata); null elsewhere, or while it loads or if it cannot: the keys
 * section then looks and creates as before.
 */
export function useScopeCatalog(project: Project): readonly ScopeEntry[] | null {
  const offered = useCapability('key-restrictions') && project.keys !== undefined
  const { call } = useManageApi()
  const id = project.id
  const load = useCallback((signal: AbortSignal) => getScopes(call, id, signal), [call, id])
  const { data } = useAsync(offered ? load : null)
  return data?.length ? data : null
}
