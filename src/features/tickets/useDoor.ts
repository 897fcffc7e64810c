import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { rpc } from '../../lib/rpc'
import { normalizeCode, type Scan, type Verdict, verdictFor } from './door'
import { addScan, type Device, device, dropScans, saveDevice } from './door-store'
import { ticketsQueries } from './tickets.queries'

/** A check-in Soko reported as a duplicate when it synced: the other door had it first. */
export interface Report {
  id: string
  holder: string
  at: string
  door: string
  first: { at: string; door: string }
}

/**
 * The door's state: the list, this device's waiting check-ins, the last verdict, and what syncing found.
 * A valid ticket is recorded on the device at once (with the time and the door) and sent when there is a
 * network; the list is fetched again after each sync.
 */
export function useDoor(eventId: string) {
  const queryClient = useQueryClient()
  const list = useQuery(ticketsQueries.attendees(eventId))
  const pending = useQuery(ticketsQueries.pending(eventId))
  const [me, setMe] = useState<Device>(() => device())
  const [verdict, setVerdict] = useState<{ verdict: Verdict; at: string; frameAt?: number } | null>(null)
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
      const byDoor = new Map<string, Scan[]>()
      for (const scan of waiting) byDoor.set(scan.door, [...(byDoor.get(scan.door) ?? []), scan])
      const found: Report[] = []
      const answered = new Set<string>()
      for (const [door, scans] of byDoor) {
        const { results } = await rpc('syncCheckIns', {
          eventId,
          deviceId: device().id,
          door,
          checkIns: scans.map(({ id, code, at }) => ({ id, code, at })),
        })
        for (const result of results) {
          answered.add(result.id)
          const scan = scans.find((s) => s.id === result.id)
          if (result.result === 'duplicate' && result.first && scan)
            found.push({
              id: scan.id,
              holder: result.holder ?? scan.code,
              at: scan.at,
              door,
              first: result.first,
            })
        }
      }
      await dropScans(eventId, answered)
      if (found.length) setReports((all) => [...found, ...all])
    } catch (error) {
      setSyncError(error instanceof Error ? error.message : 'The check-ins could not be sent')
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

  /** Checks a code in: the verdict at once, and a valid one recorded on the device, then sent. */
  const checkIn = async (raw: string, frameAt?: number): Promise<Verdict | null> => {
    if (!list.data) return null
    const result = verdictFor(list.data, pending.data ?? [], raw)
    const at = new Date().toISOString()
    setVerdict({ verdict: result, at, ...(frameAt === undefined ? {} : { frameAt }) })
    if (result.kind === 'valid') {
      const door = me.door.trim() || 'Main door'
      await addScan(eventId, { id: crypto.randomUUID(), code: normalizeCode(raw), at, door })
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
