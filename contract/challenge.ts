import { z } from 'zod'

/**
 * The bot-challenge (Turnstile) token a form sends when the challenge is on. Optional in the schema: the
 * server requires it only when a challenge secret is configured (server/lib/challenge.ts).
 */
export const challengeToken = z.string().max(2048).optional()
