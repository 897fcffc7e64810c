import { createFileRoute } from '@tanstack/react-router'
import { MemberPostsPage } from '../../../features/checkout/MemberPostsPage'
import { MembershipsPage } from '../../../features/checkout/MembershipsPage'

// ?posts={membership id} shows that membership's posts (the link a new post's mail carries).
export const Route = createFileRoute('/_default/account/memberships')({
  // The server checks the id: one that names none of the member's memberships is answered as not found.
  validateSearch: (search: Record<string, unknown>): { posts?: string } =>
    typeof search.posts === 'string' ? { posts: search.posts } : {},
  component: function Memberships() {
    const { posts } = Route.useSearch()
    return posts ? <MemberPostsPage membershipId={posts} /> : <MembershipsPage />
  },
})
