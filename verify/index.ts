export { createVerifier, VerifierUnavailable, type Verification, type Verifier, type VerifierOptions, type VerifyAsk } from './verifier.js'
export { expressApiKey, honoApiKey, type ApiKeyInfo, type ApiKeyOptions, type ApiKeyVariables } from './middleware.js'
