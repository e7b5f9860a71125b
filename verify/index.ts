export { createVerifier, VerifierUnavailable, type Verification, type Verifier, type VerifierOptions } from './verifier.js'
export { expressApiKey, honoApiKey, type ApiKeyInfo, type ApiKeyVariables } from './middleware.js'
