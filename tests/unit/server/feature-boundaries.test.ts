import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  featureOf,
  importsOf,
  isPageFile,
  pageImports,
  serverDeepImports,
} from '../../../scripts/feature-boundaries.mjs'

/** Writes a file of a throwaway project, making its folders. */
const writer = (root: string) => (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}

describe('the parts of the boundary check', () => {
  it('knows page files, features and imports of every form', () => {
    expect(isPageFile('src/features/checkout/PurchasesPage.tsx')).toBe(true)
    expect(isPageFile('src/features/catalog/CreatorPages')).toBe(true)
    expect(isPageFile('src/features/checkout/BuyButton')).toBe(false)
    expect(isPageFile('src/features/checkout/pager.ts')).toBe(false)
    expect(featureOf('src/features/catalog/seller/ProductEditor.tsx')).toBe('catalog')
    expect(featureOf('src/components/Photo.tsx')).toBeNull()
    expect(featureOf('server/features/checkout/settle.ts', 'server/features')).toBe('checkout')
    expect(featureOf('server/features/checkout', 'server/features')).toBeNull()
    expect(
      importsOf(
        "import { a } from './a'\nexport { b } from \"../b\"\nimport './c.css'\nconst d = lazy(() => import('./d'))",
      ).sort(),
    ).toEqual(['../b', './a', './c.css', './d'])
  })
})

describe('pageImports', () => {
  let root: string
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it("finds a feature importing another feature's page, and nothing else", () => {
    root = mkdtempSync(path.join(tmpdir(), 'soko-boundaries-'))
    const write = writer(root)
    write('src/features/checkout/PurchasesPage.tsx', 'export const LoadMore = 1\n')
    write('src/features/checkout/SalesPage.tsx', "import { LoadMore } from './PurchasesPage'\n")
    write('src/features/catalog/ProductPage.tsx', "import { BuyButton } from '../checkout/BuyButton'\n")
    write(
      'src/features/transactions/TransactionsPage.tsx',
      "import { LoadMore } from '../checkout/PurchasesPage'\n",
    )
    write(
      'src/features/catalog/seller/MediaField.tsx',
      "const page = () => import('../../checkout/SalesPage')\n",
    )
    write('src/routes/purchases.tsx', "import { PurchasesPage } from '../features/checkout/PurchasesPage'\n")
    expect(pageImports(root)).toEqual([
      { file: 'src/features/catalog/seller/MediaField.tsx', imports: 'src/features/checkout/SalesPage' },
      {
        file: 'src/features/transactions/TransactionsPage.tsx',
        imports: 'src/features/checkout/PurchasesPage',
      },
    ])
  })
})

describe('serverDeepImports', () => {
  let root: string
  let write: (file: string, text: string) => void
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'soko-server-boundaries-'))
    write = writer(root)
    write('server/features/checkout/index.ts', "export { settle } from './settle'\n")
    write('server/features/checkout/settle.ts', 'export const settle = 1\n')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it("reports a feature importing a file inside another feature's folder", () => {
    write('server/features/admin/orders.handlers.ts', "import { settle } from '../checkout/settle'\n")
    expect(serverDeepImports(root)).toEqual([
      {
        file: 'server/features/admin/orders.handlers.ts',
        imports: 'server/features/checkout/settle',
        feature: 'checkout',
      },
    ])
  })

  it("lets a feature import another feature's index", () => {
    write('server/features/admin/orders.handlers.ts', "import { settle } from '../checkout'\n")
    write('server/features/admin/refunds.ts', "export { settle } from '../checkout/index'\n")
    expect(serverDeepImports(root)).toEqual([])
  })

  it("lets a feature's own files import each other, however deep", () => {
    write('server/features/checkout/place-order.ts', "import { settle } from './settle'\n")
    write('server/features/checkout/lines/line.ts', "import { settle } from '../settle'\n")
    expect(serverDeepImports(root)).toEqual([])
  })

  it("reports code outside the features (a job, the app) importing a feature's file", () => {
    write('server/jobs/payments.job.ts', "import { settle } from '../features/checkout/settle'\n")
    write('server/app.ts', "const settling = () => import('./features/checkout/settle')\n")
    write('server/web/site.ts', "import { settle } from '../features/checkout'\n")
    expect(serverDeepImports(root)).toEqual([
      { file: 'server/app.ts', imports: 'server/features/checkout/settle', feature: 'checkout' },
      {
        file: 'server/jobs/payments.job.ts',
        imports: 'server/features/checkout/settle',
        feature: 'checkout',
      },
    ])
  })
})
