import { Hono } from 'hono'
import { buyRoutes } from './buy.routes'
import type { PlainKit } from './kit'
import { orderRoutes } from './order.routes'
import { sessionRoutes } from './session.routes'

export type { PlainKit } from './kit'

/** The forms and pages that work without script: buying, an order's page, signing in and out. */
export function plainRoutes(kit: PlainKit) {
  const app = new Hono()
  app.route('/', buyRoutes(kit))
  app.route('/', orderRoutes(kit))
  app.route('/', sessionRoutes(kit))
  return app
}
