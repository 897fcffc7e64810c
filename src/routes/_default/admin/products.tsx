import { createFileRoute } from '@tanstack/react-router'
import { validateQuerySearch } from '../../../features/admin/admin-search'
import { ProductsPage } from '../../../features/admin/ProductsPage'

export const Route = createFileRoute('/_default/admin/products')({
  validateSearch: validateQuerySearch,
  component: ProductsPage,
})
