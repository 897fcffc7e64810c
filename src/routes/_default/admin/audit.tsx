import { createFileRoute } from '@tanstack/react-router'
import { AuditPage } from '../../../features/admin/AuditPage'
import { validateAuditSearch } from '../../../features/admin/admin-search'

export const Route = createFileRoute('/_default/admin/audit')({
  validateSearch: validateAuditSearch,
  component: AuditPage,
})
