import { t } from '@lingui/core/macro'
import { get, set } from 'idb-keyval'
import { randomUuid } from '../../lib/random-uuid'
import type { Scan } from './door'

/**
 * What a door device keeps: its identity (an id, and the door's name the seller gives it) in
 * localStorage, and per event the check-ins Soko has not confirmed yet in IndexedDB, so a phone that
 * closes or restarts with no signal loses none.
 */

const DEVICE_KEY = 'soko-door-device'

export interface Device {
  id: string
  door: string
}

export function device(): Device {
  try {
    const saved = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Device | null
    if (saved?.id) return saved
  } catch {
    // A broken value is replaced below.
  }
  const made = { id: randomUuid(), door: t`Main door` }
  saveDevice(made)
  return made
}

export function saveDevice(value: Device): void {
  try {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(value))
  } catch {
    // Private modes may refuse: the name lasts this visit.
  }
}

const pendingKey = (eventId: string) => `check-ins:${eventId}`

export async function pendingScans(eventId: string): Promise<Scan[]> {
  return (await get<Scan[]>(pendingKey(eventId))) ?? []
}

export async function addScan(eventId: string, scan: Scan): Promise<void> {
  await set(pendingKey(eventId), [...(await pendingScans(eventId)), scan])
}

/** Drops the scans Soko has answered for. */
export async function dropScans(eventId: string, ids: Set<string>): Promise<void> {
  await set(
    pendingKey(eventId),
    (await pendingScans(eventId)).filter((s) => !ids.has(s.id)),
  )
}

/** Gives scans new ids (old id → new): Soko holds their old ids for other tickets' check-ins. */
export async function rekeyScans(eventId: string, ids: Map<string, string>): Promise<void> {
  await set(
    pendingKey(eventId),
    (await pendingScans(eventId)).map((s) => ({ ...s, id: ids.get(s.id) ?? s.id })),
  )
}
