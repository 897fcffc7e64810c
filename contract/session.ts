/** How long a session's cookie lives (27 days), the app's and the one a form sign-in sets alike. */
export const AUTH_COOKIE_MAX_AGE = 2332800
