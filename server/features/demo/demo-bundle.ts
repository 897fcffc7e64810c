import type { Tx } from '../../db/client'
import { bundleParts, bundles } from '../../db/schema'
import { uuidv7 } from '../../lib/uuid'
import { byKind, type ProductRow } from '../catalog'

/**
 * The demo seller's bundle on sale: the preset pack, the lettering brushes and a Standard ticket to the
 * meetup, for a fifth less than they cost alone (rounded to whole hundreds of shillings).
 */
export async function seedDemoBundle(tx: Tx, sellerId: string, products: ProductRow[]) {
  const find = (start: string) => products.find((p) => p.title.startsWith(start))
  const presets = find('Nairobi Nights')
  const brushes = find('Kanga Lettering')
  const meetup = find('Nairobi Creators Meetup')
  const event = meetup ? byKind(meetup) : null
  const standard =
    event?.kind === 'event' ? event.details.ticketTypes.find((t) => t.name === 'Standard') : null
  if (!presets || !brushes || !meetup || !standard?.id) return
  const worth = presets.priceAmount + brushes.priceAmount + standard.price.amount
  const id = uuidv7()
  await tx.insert(bundles).values({
    id,
    sellerId,
    title: 'Creator starter bundle',
    description: 'Presets and brushes to make with, and a seat at the meetup to show what you made.',
    priceAmount: Math.round((worth * 0.8) / 100_00) * 100_00,
    priceCurrency: presets.priceCurrency,
    status: 'published',
  })
  await tx.insert(bundleParts).values([
    { bundleId: id, position: 0, productId: presets.id, itemKey: '' },
    { bundleId: id, position: 1, productId: brushes.id, itemKey: '' },
    { bundleId: id, position: 2, productId: meetup.id, itemKey: standard.id },
  ])
}
