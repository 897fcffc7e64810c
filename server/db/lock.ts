import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

interface LockInfo {
  pid: number
  host: string
  startedAt: string
}

/**
 * PGlite happily opens a folder another process has open, and both then corrupt it. So one process owns
 * a data folder: it writes `soko.lock` with its pid, and a second start fails at once naming both.
 * A lock left by a process that no longer runs (on this host) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'soko.lock')
  const mine: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' })
      return () => {
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const other = readLock(file)
      if (other && other.host === mine.host && !isRunning(other.pid)) {
        rmSync(file, { force: true })
        continue
      }
      const who = other
        ? `process ${other.pid} on ${other.host}, started ${other.startedAt}`
        : 'another process'
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by ${who}. Stop that Soko first, or start this one with ` +
          `DATA_DIR set to another folder. (Lock file: ${file})`,
      )
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}: ${file} keeps reappearing`)
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo
  } catch {
    return null
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
