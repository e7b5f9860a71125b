/** What other resources may use of usage: verification counts each answer. */
export { usageCounter, FLUSH_EVERY_MS, type UsageCounter } from './counter'
