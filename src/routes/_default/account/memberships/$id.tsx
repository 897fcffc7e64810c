import { createFileRoute } from '@tanstack/react-router'
import { MemberPostsPage } from '../../../../features/checkout/MemberPostsPage'

export const Route = createFileRoute('/_default/account/memberships/$id')({
  component: function MemberPosts() {
    const { id } = Route.useParams()
    return <MemberPostsPage membershipId={id} />
  },
})
