import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { featureOf, importsOf, isPageFile, pageImports } from '../../../scripts/feature-boundaries.mjs'

describe('the parts of the boundary check', () => {
  it('knows page files, features and imports of every form', () => {
    expect(isPageFile('src/features/checkout/PurchasesPage.tsx')).toBe(true)
    expect(isPageFile('src/features/catalog/CreatorPages')).toBe(true)
    expect(isPageFile('src/features/checkout/BuyButton')).toBe(false)
    expect(isPageFile('src/features/checkout/pager.ts')).toBe(false)
    expect(featureOf('src/features/catalog/seller/ProductEditor.tsx')).toBe('catalog')
    expect(featureOf('src/components/Photo.tsx')).toBeNull()
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
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), text)
    }
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
