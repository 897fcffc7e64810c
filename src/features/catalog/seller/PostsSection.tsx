import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { MembershipPost } from '../../../../contract/membership-posts.contract'
import { errorState, Field, type FieldErrors, FormMessage } from '../../../components/Form'
import { formatDate } from '../../../lib/dates'
import { rpc } from '../../../lib/rpc'
import { LazyRichTextEditor } from './LazyRichTextEditor'
import { type DraftFile, type DraftImage, PostMedia } from './PostMedia'

/**
 * A membership's posts: write one for every member or chosen tiers, keep it as a draft or publish it (its
 * members read it on their Memberships page and are mailed once), and the posts written so far.
 */
export function PostsSection({
  productId,
  tiers,
}: {
  productId: string
  tiers: { id: string; name: string }[]
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const key = ['memberships', 'posts', productId]
  const posts = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => rpc('listMembershipPosts', { productId }, { signal }),
  })
  const [editing, setEditing] = useState<MembershipPost | null>(null)
  const [round, setRound] = useState(0)
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [images, setImages] = useState<DraftImage[]>([])
  const [files, setFiles] = useState<DraftFile[]>([])
  const [uploading, setUploading] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null)
  const reset = (post: MembershipPost | null) => {
    setEditing(post)
    setTitle(post?.title ?? '')
    setBody(post?.body ?? '')
    setChosen(post?.tierIds ?? [])
    setImages(post?.images ?? [])
    setFiles(post?.files ?? [])
    setErrors({})
    setRound((n) => n + 1)
  }
  const save = useMutation({
    mutationFn: (publish: boolean) =>
      rpc('saveMembershipPost', {
        ...(editing ? { id: editing.id } : {}),
        productId,
        title,
        body,
        tierIds: chosen,
        images: images.map(({ id, alt }) => ({ id, alt })),
        fileIds: files.map((file) => file.id),
        publish,
      }),
    onSuccess: ({ post }) => {
      setMessage({
        text:
          post.status === 'published'
            ? t`Published: members read it now, and it is on its way to their inboxes.`
            : t`Saved as a draft.`,
        tone: 'ok',
      })
      reset(null)
      void queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (error) => {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage(state.message ? { text: state.message, tone: 'error' } : null)
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => rpc('deleteMembershipPost', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  const busy = save.isPending || uploading
  return (
    <section aria-labelledby="posts-heading" className="posts-section">
      <h2 id="posts-heading">
        <Trans>Posts for members</Trans>
      </h2>
      <form
        className="form card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) save.mutate(true)
        }}
      >
        <FormMessage message={message?.text ?? null} tone={message?.tone ?? 'error'} />
        <Field
          label={t`Title`}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          errors={errors}
        />
        <LazyRichTextEditor
          key={round}
          label={t`What members read`}
          name="body"
          defaultValue={body}
          onChange={setBody}
          error={errors.body}
        />
        <PostMedia
          productId={productId}
          images={images}
          files={files}
          onImages={setImages}
          onFiles={setFiles}
          onUploading={setUploading}
          errors={errors}
        />
        {tiers.length > 1 ? (
          <fieldset className="fieldset">
            <legend>
              <Trans>Who reads it</Trans>
            </legend>
            <p className="muted">
              <Trans>Every member, unless you tick tiers.</Trans>
            </p>
            {tiers.map((tier) => (
              <label key={tier.id} className="field-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(tier.id)}
                  onChange={(event) =>
                    setChosen((now) =>
                      event.target.checked ? [...now, tier.id] : now.filter((id) => id !== tier.id),
                    )
                  }
                />{' '}
                {tier.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        {uploading ? (
          <p className="muted" role="status">
            <Trans>Uploading: the post can be saved once its pictures and files have arrived.</Trans>
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="button" aria-busy={save.isPending} disabled={uploading}>
            {editing?.status === 'published' ? (
              <Trans>Save changes</Trans>
            ) : (
              <Trans>Publish and mail members</Trans>
            )}
          </button>{' '}
          {editing?.status === 'published' ? null : (
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => save.mutate(false)}
            >
              <Trans>Save draft</Trans>
            </button>
          )}{' '}
          {editing ? (
            <button type="button" className="link-button" onClick={() => reset(null)}>
              <Trans>Write a new post instead</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {posts.isPending ? (
        <p role="status">
          <Trans>Loading the posts…</Trans>
        </p>
      ) : posts.isError ? null : posts.data.posts.length === 0 ? (
        <p className="muted">
          <Trans>No posts yet. What you publish here, members read on their Memberships page.</Trans>
        </p>
      ) : (
        <ul className="plain-list post-list">
          {posts.data.posts.map((post) => (
            <li key={post.id}>
              <strong>{post.title}</strong>{' '}
              <span className="muted">
                {post.publishedAt ? t`published ${formatDate(post.publishedAt)}` : t`draft`}
                {post.tierIds.length > 0
                  ? ` · ${tiers
                      .filter((tier) => post.tierIds.includes(tier.id))
                      .map((tier) => tier.name)
                      .join(', ')}`
                  : ` · ${t`every member`}`}
              </span>{' '}
              <button type="button" className="link-button" onClick={() => reset(post)}>
                <Trans>Edit</Trans>
              </button>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  if (window.confirm(t`Delete “${post.title}”? Members will no longer see it.`))
                    remove.mutate(post.id)
                }}
              >
                <Trans>Delete</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
