import { RpcError } from './rpc'

/**
 * Whether an error means Soko could not be reached at all (no network, or the server down): the rpc client
 * says so with status 0. A server that answered, whatever it said, is not this.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof RpcError && error.status === 0
}

/**
 * Whether Soko's server answers right now: one small request that no cache answers (the service worker
 * leaves /builds/ to the network). Any answer counts; only a failed request means still unreachable.
 */
export async function sokoAnswers(): Promise<boolean> {
  try {
    await fetch('/builds/latest.json', { cache: 'no-store' })
    return true
  } catch {
    return false
  }
}
