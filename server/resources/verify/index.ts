/** What other resources may use of verification: the service-token check (POST /sessions is the provider's too). */
export { SERVICE_TOKEN_REQUIRED, serviceTokenCheck } from './routes'
