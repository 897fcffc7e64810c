import { walkEveryPage } from './a11y-walk'

/**
 * Every page of the route table through axe-core on a phone, signed out and as a buyer, in English (light
 * and dark) and in Kiswahili (tests/e2e/a11y-walk.ts); the seller's and the admin's walks are in
 * a11y-signed-in.spec.ts, so that two workers share them.
 */
walkEveryPage(['signed out', 'buyer'])
