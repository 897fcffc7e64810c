import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FormMessage } from '../../components/Form'
import { formatDate } from '../../lib/dates'
import { persisted } from '../../lib/persisted'
import { RpcError, rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { OrderFiles } from './DownloadButton'

/**
 * A membership's posts for its member, newest first, while it lasts, with their pictures and files. Kept
 * for offline once opened (the pictures by the service worker once seen): a member on a bus reads what they
 * opened at home; files go to the offline library like any download.
 */
export function MemberPostsPage({ membershipId }: { membershipId: string }) {
  const { t } = useLingui()
  const posts = useQuery({
    queryKey: ['memberships', 'posts-for-me', membershipId],
    queryFn: ({ signal }) => rpc('listMemberPosts', { membershipId }, { signal }),
    meta: persisted,
  })
  const title = posts.data?.title ?? t`Members’ posts`
  usePageTitle(title)
  return (
    <section className="page narrow" aria-labelledby="posts-heading">
      <p>
        <Link to="/account/memberships" search={{}}>
          <Trans>← Memberships</Trans>
        </Link>
      </p>
      <h1 id="posts-heading">{title}</h1>
      {posts.isPending ? (
        <p role="status">
          <Trans>Loading the posts…</Trans>
        </p>
      ) : posts.isError ? (
        <FormMessage
          message={
            posts.error instanceof RpcError
              ? posts.error.message
              : t`The posts could not be loaded: check your connection.`
          }
        />
      ) : posts.data.posts.length === 0 ? (
        <p className="muted">
          <Trans>
            No posts for members yet. When the creator publishes one, it is here and in your inbox.
          </Trans>
        </p>
      ) : (
        posts.data.posts.map((post) => (
          <article key={post.id} className="card member-post" aria-labelledby={`post-${post.id}`}>
            <h2 id={`post-${post.id}`}>{post.title}</h2>
            {post.publishedAt ? <p className="muted">{formatDate(post.publishedAt)}</p> : null}
            <div
              className="rich-text"
              // Sanitised by the server when the seller saved it (server/features/catalog/rich-text.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: an allow-list of tags, sanitised on save
              dangerouslySetInnerHTML={{ __html: post.body }}
            />
            {post.images.map((image) => (
              <img
                key={image.id}
                className="post-image"
                src={image.src}
                srcSet={image.srcset}
                sizes="(min-width: 40rem) 38rem, 100vw"
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading="lazy"
              />
            ))}
            {post.files.length > 0 ? (
              <OrderFiles
                order={{
                  id: posts.data.orderId,
                  files: post.files.map((file) => ({ ...file, downloadsLeft: null })),
                }}
              />
            ) : null}
          </article>
        ))
      )}
    </section>
  )
}
