import { z } from 'zod'
import { checkSchedule, type Schedule } from './schedule'

/** What a handler is told besides its payload. */
export interface JobContext {
  jobId: string
  /** 1 on the first run; a run whose instance died counts as one. */
  attempt: number
  /** The runner's clock (tests move it). */
  now(): Date
  /**
   * Aborted when this run should give up: its runner is stopping and the wait ran out, or the lease was
   * lost (another instance may run the job now). A handler doing long work checks it between steps.
   */
  signal: AbortSignal
}

export interface JobDefinition<P = unknown> {
  name: string
  /** Checked when the job is claimed: a payload that does not fit fails the job at once, without retries. */
  payload: z.ZodType<P>
  /** Runs begun before the job is `failed` (default 5). */
  maxAttempts: number
  /** How long after failed attempt `attempt` (1, 2, …) the next one may start. */
  backoffMs(attempt: number): number
  /** Recurring jobs only: when the next occurrence is due. */
  schedule: Schedule | null
  /**
   * Delivery is at least once (an instance can die after the work and before recording it), so a handler
   * must be idempotent. Throwing fails the attempt; the error's message is kept as the job's last error.
   */
  run(payload: P, context: JobContext): Promise<void>
}

const DEFAULT_MAX_ATTEMPTS = 5

/** 10 s, 20 s, 40 s, … doubling up to an hour: a provider that is down has time to come back. */
export function exponentialBackoff(baseMs = 10_000, maxMs = 3_600_000) {
  return (attempt: number) => Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs)
}

/** A job enqueued with a payload of its schema: `enqueue(db, sendSms, { to, text })`. */
export function defineJob<P>(def: {
  name: string
  payload: z.ZodType<P>
  maxAttempts?: number
  backoffMs?: (attempt: number) => number
  run: (payload: P, context: JobContext) => Promise<void>
}): JobDefinition<P> {
  return {
    name: checkName(def.name),
    payload: def.payload,
    maxAttempts: checkMaxAttempts(def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    backoffMs: def.backoffMs ?? exponentialBackoff(),
    schedule: null,
    run: def.run,
  }
}

/** Recurring jobs carry no payload: each occurrence is the same work. */
const noPayload = z.object({})
type NoPayload = z.infer<typeof noPayload>

/**
 * A job that is always scheduled once: each occurrence, when it ends (done or failed for good), queues the
 * next. Runners queue the first at start, under one key, so any number of instances keep one occurrence.
 * Retries of a failed occurrence wait as usual; with maxAttempts 1 the next occurrence is the retry.
 */
export function defineRecurringJob(def: {
  name: string
  schedule: Schedule
  maxAttempts?: number
  backoffMs?: (attempt: number) => number
  run: (context: JobContext) => Promise<void>
}): JobDefinition<NoPayload> {
  checkSchedule(def.schedule)
  return {
    name: checkName(def.name),
    payload: noPayload,
    maxAttempts: checkMaxAttempts(def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    backoffMs: def.backoffMs ?? exponentialBackoff(),
    schedule: def.schedule,
    run: (_payload, context) => def.run(context),
  }
}

/** The key that keeps one occurrence of a recurring job queued or running. */
export const recurringKey = (name: string) => `recurring:${name}`

function checkName(name: string): string {
  if (!/^[a-z][\w.-]{0,99}$/i.test(name))
    throw new Error(
      `Name jobs with letters, digits, dots and dashes (payments.sweep), not ${JSON.stringify(name)}`,
    )
  return name
}

function checkMaxAttempts(max: number): number {
  if (!Number.isInteger(max) || max < 1)
    throw new Error(`maxAttempts must be a whole number of at least 1, not ${max}`)
  return max
}
