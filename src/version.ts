/** Sent as the device's appVersion; keep in step with package.json. */
export const VERSION = '0.1.0'
