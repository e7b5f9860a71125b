import { startServer } from './server/start'
import net from 'node:net'
const logs: string[] = []
const s = await startServer({ port: 0, dataDir: '/tmp/pgprobe-abort', log: (l) => logs.push(l), staticRoots: [] })
await new Promise<void>((resolve) => {
  const sock = net.connect(s.port, '127.0.0.1', () => {
    sock.write('POST /api/device HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"deviceUDID":')
    setTimeout(() => { sock.destroy(); resolve() }, 200)
  })
})
await new Promise((r) => setTimeout(r, 500))
await s.close()
console.log(logs.join('\n'))
