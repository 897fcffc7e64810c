/** A person's or storefront's photo (96 px, with the 256 px one for sharp screens), or their initial. */
export function Avatar({
  name,
  avatar,
  alt = '',
  lazy = false,
}: {
  name: string
  avatar: { small: string; large: string } | null | undefined
  alt?: string
  lazy?: boolean
}) {
  return avatar ? (
    <img
      className="avatar"
      src={avatar.small}
      srcSet={`${avatar.small} 96w, ${avatar.large} 256w`}
      sizes="96px"
      width={96}
      height={96}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
    />
  ) : (
    <span className="avatar avatar-empty" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
