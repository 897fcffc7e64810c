import { createFileRoute } from '@tanstack/react-router'
import { validatePeopleSearch } from '../../../../features/admin/admin-search'
import { PeoplePage } from '../../../../features/admin/PeoplePage'

// The search lives in the URL (?q=&filter=), so a list can be reloaded and shared between admins.
export const Route = createFileRoute('/_default/admin/people/')({
  validateSearch: validatePeopleSearch,
  component: PeoplePage,
})
