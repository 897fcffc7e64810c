import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the IP-geolocation service answers: the shape of the public service GEO_URL names by default. */
export const GEO_ANSWER = { ip: '197.248.0.1', city: 'Nairobi', country_code: 'KE', currency: 'KES' }

export interface GeoService {
  url: string
  close(): Promise<void>
}

/**
 * A stand-in for the geolocation service (GEO_URL), on loopback, with CORS as the real one sends;
 * `/hits` answers how many lookups it served.
 */
export async function startGeoService(): Promise<GeoService> {
  let hits = 0
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    if (req.url === '/hits') {
      res.end(String(hits))
      return
    }
    hits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(GEO_ANSWER))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
