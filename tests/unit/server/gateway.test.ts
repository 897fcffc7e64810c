import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/env'
import { createGateway } from '../../../server/payments/gateway'

describe('the sandbox phone page an M-Pesa order names', () => {
  it('is the simulator’s phone page while M-Pesa has no keys', () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://soko.example' })
    expect(createGateway(config).mpesaSandboxPhone).toBe('https://soko.example/sandbox/mpesa/phone')
  })

  it('is none once M-Pesa is live', () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://soko.example',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
    })
    expect(createGateway(config).mpesaSandboxPhone).toBeNull()
  })
})
