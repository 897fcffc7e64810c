import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/env'

describe('loadConfig', () => {
  it('defaults to the embedded setup on 127.0.0.1:8080', () => {
    const config = loadConfig({})
    expect(config.host).toBe('127.0.0.1')
    expect(config.port).toBe(8080)
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.databaseUrl).toBeNull()
    expect(config.publicUrl).toBe('http://127.0.0.1:8080')
    expect(config.firebase).toBeNull()
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toEqual(
      expect.objectContaining({ databaseUrl: null, port: 8080 }),
    )
  })

  it('names every bad variable and what to do', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError)
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      expect((error as Error).message).toContain('PORT')
      expect((error as Error).message).toContain('DATABASE_URL: Use a postgres:// connection URL')
    }
  })

  it('takes a migration connection only beside DATABASE_URL', () => {
    const both = loadConfig({
      DATABASE_URL: 'postgres://soko_app@db/soko',
      MIGRATION_DATABASE_URL: 'postgres://soko_owner@db/soko',
      SINGLE_INSTANCE: 'on',
    })
    expect(both).toMatchObject({
      databaseUrl: 'postgres://soko_app@db/soko',
      migrationDatabaseUrl: 'postgres://soko_owner@db/soko',
    })
    expect(loadConfig({}).migrationDatabaseUrl).toBeNull()
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://soko_owner@db/soko' })).toThrowError(
      /MIGRATION_DATABASE_URL: Set DATABASE_URL too/,
    )
  })

  it('listens for notices on DATABASE_URL unless DATABASE_LISTEN_URL names a direct connection', () => {
    const database = { DATABASE_URL: 'postgres://soko_app@pgbouncer:6432/soko', SINGLE_INSTANCE: 'on' }
    expect(loadConfig(database).databaseListenUrl).toBeNull()
    expect(
      loadConfig({ ...database, DATABASE_LISTEN_URL: 'postgres://soko_app@db:5432/soko' }).databaseListenUrl,
    ).toBe('postgres://soko_app@db:5432/soko')
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://soko_app@db:5432/soko' })).toThrowError(
      /DATABASE_LISTEN_URL: Set DATABASE_URL too/,
    )
  })

  it('refuses a shared database without the secrets and the storage every instance must share', () => {
    const database = { DATABASE_URL: 'postgres://soko_app@db/soko' }
    const refusal = (() => {
      try {
        loadConfig(database)
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(ConfigError)
    const message = (refusal as Error).message
    expect(message).toMatch(/HOOKS_SECRET: Set it to the same secret on every instance/)
    expect(message).toMatch(/STORAGE_SIGNING_SECRET: Set it to the same secret on every instance/)
    expect(message).toMatch(
      /STORAGE_S3_BUCKET: Files would stay on this instance's disk.*STORAGE_DISK_SHARED=on/,
    )
    expect(message).toContain('SINGLE_INSTANCE=on')

    const secrets = { HOOKS_SECRET: 'h'.repeat(32), STORAGE_SIGNING_SECRET: 's'.repeat(32) }
    // One instance says so; a cluster shares the secrets and a bucket, or a folder every instance mounts.
    expect(loadConfig({ ...database, SINGLE_INSTANCE: 'on' }).databaseUrl).toBe(database.DATABASE_URL)
    expect(() => loadConfig({ ...database, ...secrets, STORAGE_DISK_SHARED: 'on' })).not.toThrow()
    const s3 = { STORAGE_S3_BUCKET: 'soko', STORAGE_S3_ACCESS_KEY_ID: 'k', STORAGE_S3_SECRET_ACCESS_KEY: 's' }
    expect(() => loadConfig({ ...database, ...secrets, ...s3 })).not.toThrow()
    expect(() => loadConfig({ ...database, ...s3, HOOKS_SECRET: 'h'.repeat(32) })).toThrowError(
      /STORAGE_SIGNING_SECRET/,
    )
    // The embedded database is one process's: nothing to share.
    expect(() => loadConfig({})).not.toThrow()
  })

  it('turns Firebase on only when its key and project are set', () => {
    const config = loadConfig({ FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'demo-soko' })
    expect(config.firebase?.authDomain).toBe('demo-soko.firebaseapp.com')
  })

  it('keeps each payment provider in sandbox mode until all its keys are set', () => {
    const sandbox = loadConfig({})
    expect(sandbox.payments.mpesa).toMatchObject({ live: false, baseUrl: null })
    expect(sandbox.payments.card).toMatchObject({ live: false, apiBase: null })
    const live = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    })
    expect(live.payments.card).toMatchObject({
      live: true,
      apiBase: 'https://api.stripe.com',
      secretKey: 'sk_live_abc',
    })
    expect(live.payments.paypal.live).toBe(false)
  })

  it('refuses half a provider: every missing key is named with what to do', () => {
    try {
      loadConfig({ MPESA_CONSUMER_KEY: 'key', PAYPAL_CLIENT_ID: 'id' })
      expect.unreachable()
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('MPESA_PASSKEY: Set it too for live M-Pesa payments')
      expect(message).toContain(
        'PAYPAL_WEBHOOK_ID: Set it too for live PayPal payments, or unset PAYPAL_CLIENT_ID',
      )
    }
  })

  it('reads the job runner settings, refusing a lease too short to renew', () => {
    expect(loadConfig({}).jobs).toEqual({ pollMs: 1000, leaseMs: 30_000 })
    expect(loadConfig({ JOB_POLL_MS: '250', JOB_LEASE_MS: '1000' }).jobs).toEqual({
      pollMs: 250,
      leaseMs: 1000,
    })
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrowError(/JOB_LEASE_MS: Use at least 300 ms/)
  })

  it('reads how long a payout send is claimed, when it is first checked and how often payouts are swept', () => {
    expect(loadConfig({}).payouts).toMatchObject({
      sendLeaseSeconds: 120,
      checkAfterSeconds: 180,
      sweepSeconds: 30,
    })
    expect(
      loadConfig({
        PAYOUT_SEND_LEASE_SECONDS: '2',
        PAYOUT_CHECK_AFTER_SECONDS: '1',
        PAYOUT_SWEEP_SECONDS: '5',
      }).payouts,
    ).toMatchObject({ sendLeaseSeconds: 2, checkAfterSeconds: 1, sweepSeconds: 5 })
    expect(() => loadConfig({ PAYOUT_SEND_LEASE_SECONDS: '0' })).toThrowError(
      /PAYOUT_SEND_LEASE_SECONDS: Use at least 1 second/,
    )
    expect(() => loadConfig({ PAYOUT_SWEEP_SECONDS: '1.5' })).toThrowError(
      /PAYOUT_SWEEP_SECONDS: Use a whole number of seconds/,
    )
  })
})
