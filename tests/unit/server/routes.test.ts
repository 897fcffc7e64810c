import { describe, expect, it } from 'vitest'
import { matchAppRoute, reservedSegments } from '../../../contract/routes'

describe('matchAppRoute', () => {
  it('matches static pages exactly, with or without a trailing slash', () => {
    expect(matchAppRoute('/')).toBe('/')
    expect(matchAppRoute('/pricing')).toBe('/pricing')
    expect(matchAppRoute('/admin/')).toBe('/admin')
    expect(matchAppRoute('/account/settings/profile')).toBe('/account/settings/profile')
    expect(matchAppRoute('/sucess-payment')).toBe('/sucess-payment')
  })

  it('matches parameter segments', () => {
    expect(matchAppRoute('/download/abc')).toBe('/download/$id')
    expect(matchAppRoute('/verify/account/tok123')).toBe('/verify/account/$token')
    expect(matchAppRoute('/book/guitar-lesson')).toBe('/book/$slug')
  })

  it('sends any other single segment to the product page', () => {
    expect(matchAppRoute('/nairobi-nights')).toBe('/$product')
  })

  it('answers null for paths outside the route table', () => {
    expect(matchAppRoute('/no/such/page')).toBeNull()
    expect(matchAppRoute('/a/b/c')).toBeNull()
    expect(matchAppRoute('/account/nope')).toBeNull()
    expect(matchAppRoute('/verify/account')).toBeNull()
  })

  it('reserves the first segment of every app route for the app', () => {
    for (const word of ['pricing', 'login', 'account', 'explore', 'p', 'files', 'hooks', 'api', 'developers'])
      expect(reservedSegments.has(word)).toBe(true)
    expect(reservedSegments.has('$product')).toBe(false)
  })
})
