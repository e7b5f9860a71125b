import { useCapability } from '../../hooks/useCapability'
import { LazyWebhooks } from './lazy'

/** The project page's Webhooks section, below the keys; absent when the server sends no webhooks (a spec-only server). */
export function ProjectWebhooks({ projectId }: { projectId: string }) {
  return useCapability('webhooks') ? <LazyWebhooks projectId={projectId} className="mt-8" /> : null
}
