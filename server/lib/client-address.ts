import { isIP } from 'node:net'

/**
 * The address a request came from: what rate limits count, sessions record and the audit log keeps.
 *
 * Behind a reverse proxy (TRUST_PROXY=on) it is the right-most entry of X-Forwarded-For: the one the proxy
 * appended for the connection it took. Everything to its left arrived in the client's own request, so a
 * client can write anything there (`X-Forwarded-For: 203.0.113.77` to pass for someone else) and it is
 * never used. An entry that is not an IP address, or no header at all, gives the socket's address, as it
 * always is without TRUST_PROXY.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const hop = forwardedFor.split(',').at(-1)?.trim() ?? ''
    if (isIP(hop)) return hop
  }
  return socketAddress ?? 'unknown'
}
