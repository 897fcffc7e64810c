import { walkEveryPage } from './a11y-walk'

/**
 * Every page of the route table through axe-core on a phone as the demo seller, and the admin area as the
 * demo admin, in English (light and dark) and in Kiswahili (tests/e2e/a11y-walk.ts).
 */
walkEveryPage(['seller', 'admin'])
