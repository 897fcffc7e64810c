import { t } from '@lingui/core/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { randomUuid } from '../../lib/random-uuid'
import { rpc } from '../../lib/rpc'
import { normalizeCode, type Scan, type Verdict, verdictFor } from './door'
import { addScan, type Device, device, dropScans, pendingScans, rekeyScans, saveDevice } from './door-store'
import { ticketsQueries } from './tickets.queries'

/** How long after a failed sync the waiting check-ins are sent again. */
const SYNC_RETRY_MS = 5_000

/** A check-in Soko reported as a duplicate when it synced: another door's check-in reached Soko first. */
export interface Report {
  id: string
  code: string
  holder: string
  /** This phone's check-in: when and at which door. */
  at: string
  door: string
  /** The valid one. */
  first: { at: string; door: string }
}

/** What one sync found: the scans Soko answered for, the duplicates, and scans to send again. */
interface Sent {
  answered: Set<string>
  found: Report[]
  /** Old id → new id: scans whose id Soko holds for another ticket, sent again under a new one. */
  reused: Map<string, string>
}

/** Sends the waiting scans, one call per door name they were made under. */
async function send(eventId: string, waiting: Scan[]): Promise<Sent> {
  const byDoor = new Map<string, Scan[]>()
  for (const scan of waiting) byDoor.set(scan.door, [...(byDoor.get(scan.door) ?? []), scan])
  const sent: Sent = { answered: new Set(), found: [], reused: new Map() }
  for (const [door, scans] of byDoor) {
    const { results } = await rpc('syncCheckIns', {
      eventId,
      deviceId: device().id,
      door,
      checkIns: scans.map(({ id, code, at }) => ({ id, code, at })),
    })
    for (const result of results) {
      const scan = scans.find((s) => s.id === result.id)
      if (!scan) continue
      if (result.result === 'id-reused') {
        sent.reused.set(scan.id, randomUuid())
        continue
      }
      sent.answered.add(scan.id)
      if (result.result === 'duplicate' && result.first)
        sent.found.push({
          id: scan.id,
          code: scan.code,
          holder: result.holder ?? scan.code,
          at: scan.at,
          door,
          first: result.first,
        })
    }
  }
  return sent
}

/** The verdict on screen, with what the page needs to measure and word it. */
export interface Shown {
  verdict: Verdict
  at: string
  frameAt?: number
  /** A valid verdict Soko overruled when this phone synced: another door's check-in reached it first. */
  overruled?: boolean
}

/**
 * The door's state: the list, this device's waiting check-ins, the last verdict, and what syncing found.
 * A valid ticket is recorded on the device at once (with the time and the door) and sent when there is a
 * network; the list is fetched again after each sync. Soko decides which of a ticket's check-ins is valid
 * (the first to reach it): a valid verdict still on screen that Soko answers as a duplicate turns into one.
 */
export function useDoor(eventId: string) {
  const queryClient = useQueryClient()
  const list = useQuery(ticketsQueries.attendees(eventId))
  const pending = useQuery(ticketsQueries.pending(eventId))
  const [me, setMe] = useState<Device>(() => device())
  const [verdict, setVerdict] = useState<Shown | null>(null)
  const [reports, setReports] = useState<Report[]>([])
  const [syncing, setSyncing] = useState(false)
  const [syncError, setSyncError] = useState<string | null>(null)
  const busy = useRef(false)

  const sync = useCallback(async () => {
    if (busy.current || !navigator.onLine) return
    const waiting = await queryClient.fetchQuery({ ...ticketsQueries.pending(eventId), staleTime: 0 })
    if (waiting.length === 0) return
    busy.current = true
    setSyncing(true)
    setSyncError(null)
    try {
      const sent = await send(eventId, waiting)
      await dropScans(eventId, sent.answered)
      const found = [...sent.found]
      if (sent.reused.size > 0) {
        // Its id was taken (by another ticket's check-in): the same check-in again, under a new id.
        await rekeyScans(eventId, sent.reused)
        const again = new Set(sent.reused.values())
        const retried = await send(
          eventId,
          (await pendingScans(eventId)).filter((s) => again.has(s.id)),
        )
        await dropScans(eventId, retried.answered)
        found.push(...retried.found)
      }
      if (found.length) {
        setReports((all) => [...found, ...all])
        setVerdict((shown) => {
          if (shown?.verdict.kind !== 'valid') return shown
          const { attendee } = shown.verdict
          const report = found.find((r) => r.code === attendee.code)
          return report
            ? { ...shown, verdict: { kind: 'duplicate', attendee, first: report.first }, overruled: true }
            : shown
        })
      }
    } catch (error) {
      setSyncError(error instanceof Error ? error.message : t`The check-ins could not be sent`)
    } finally {
      busy.current = false
      setSyncing(false)
      await queryClient.invalidateQueries({ queryKey: ticketsQueries.all() })
    }
  }, [eventId, queryClient])

  useEffect(() => {
    void sync()
    const online = () => void sync()
    addEventListener('online', online)
    return () => removeEventListener('online', online)
  }, [sync])

  // A sync that failed on a flaky link is tried again by itself: a phone that never lost its network
  // hears no `online`, and the person at the door should not have to notice and tap Sync now.
  useEffect(() => {
    if (!syncError) return
    const again = setTimeout(() => void sync(), SYNC_RETRY_MS)
    return () => clearTimeout(again)
  }, [syncError, sync])

  /** Checks a code in: the verdict at once, and a valid one recorded on the device, then sent. */
  const checkIn = async (raw: string, frameAt?: number): Promise<Verdict | null> => {
    if (!list.data) return null
    const result = verdictFor(list.data, pending.data ?? [], raw)
    const at = new Date().toISOString()
    setVerdict({ verdict: result, at, ...(frameAt === undefined ? {} : { frameAt }) })
    if (result.kind === 'valid') {
      const door = me.door.trim() || t`Main door`
      await addScan(eventId, { id: randomUuid(), code: normalizeCode(raw), at, door })
      await queryClient.invalidateQueries({ queryKey: ticketsQueries.pending(eventId).queryKey })
      void sync()
    }
    return result
  }

  const setDoor = (door: string) => {
    const next = { ...me, door }
    saveDevice(next)
    setMe(next)
  }

  return {
    list,
    pending: pending.data ?? [],
    verdict,
    reports,
    syncing,
    syncError,
    sync,
    checkIn,
    door: me.door,
    setDoor,
  }
}
