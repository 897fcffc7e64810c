import { describe, expect, it } from 'vitest'
import { appRoutes } from '../../../contract/routes'
import { createAppRouter, createQueryClient } from '../../../src/router'

describe('route table', () => {
  it('is the same set of paths in the router and in contract/routes.ts (which the server answers 200 for)', () => {
    const router = createAppRouter(createQueryClient())
    const routerPaths = new Set(
      Object.values(router.routesById)
        .map((route) => route.fullPath.replace(/(.)\/$/, '$1'))
        .filter((p) => p !== ''),
    )
    expect([...routerPaths].sort()).toEqual([...appRoutes].sort())
  })
})
