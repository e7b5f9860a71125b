/** `GET /capabilities` (server/resources/capabilities/): what the server offers beyond the spec, asked without a session. */
import type { Call } from './request'

export const getCapabilities = (call: Call): Promise<unknown> => call({ method: 'GET', path: '/capabilities' })
