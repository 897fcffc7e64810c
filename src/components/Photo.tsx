import type { ProductImage } from '../../contract/catalog.contract'

/**
 * A product photo at the size it is shown: the browser picks the smallest WebP variant that fills the
 * slot, so a phone on 3G never loads the wide one. The first photo of a page is its LCP: eager and high
 * priority; the rest wait until they are near the screen.
 */
export function Photo({
  image,
  alt,
  sizes,
  priority = false,
}: {
  image: ProductImage
  alt: string
  sizes: string
  priority?: boolean
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...{ fetchpriority: priority ? 'high' : 'auto' }}
    />
  )
}
