// autocannon's per-request hook for the fair-share flood (noisy-load.ts): a
// token nobody issued, new for every request, shaped like a real one.
const { randomBytes } = require('node:crypto')

module.exports = (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer fxa_${randomBytes(32).toString('base64url')}` } })
