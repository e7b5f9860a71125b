import { Hono } from 'hono'
import { openApiDocument } from '../openapi'

export const openApiRoutes = () => new Hono().get('/openapi.json', (c) => c.json(openApiDocument))
