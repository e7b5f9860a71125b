import { BroadcastChannel } from 'node:worker_threads'

// msw reads BroadcastChannel when it loads (for its WebSocket support), and
// happy-dom's window has none: Node's own serves.
globalThis.BroadcastChannel ??= BroadcastChannel as unknown as typeof globalThis.BroadcastChannel
