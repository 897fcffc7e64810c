import { createFileRoute } from '@tanstack/react-router'
import { PersonPage } from '../../../../features/admin/PersonPage'

export const Route = createFileRoute('/_default/admin/people/$id')({
  component: function Person() {
    const { id } = Route.useParams()
    return <PersonPage key={id} id={id} />
  },
})
