import type { z } from 'zod'

/** Who may call a subject. `user` means any signed-in person; sellers and admins are users too. */
export type Access = 'public' | 'user' | 'seller' | 'admin'

/** A query cannot change anything (so it may be retried); a mutation can. */
export type Kind = 'query' | 'mutation'

export interface SubjectDef<
  K extends Kind = Kind,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  kind: K
  access: A
  summary: string
  input: I
  output: O
}

/**
 * Declares a subject; the generics keep `kind` and `access` literal, so the client can tell queries from
 * mutations, and a handler knows by type whether it has a caller.
 */
export function defineSubject<K extends Kind, I extends z.ZodType, O extends z.ZodType, A extends Access>(
  def: SubjectDef<K, I, O, A>,
): SubjectDef<K, I, O, A> {
  return def
}

/** The session is missing, expired or revoked: the client signs out and goes to /login. */
export const SESSION_EXPIRED = 600

/** Largest RPC request body the server reads; bigger bodies answer 413. */
export const MAX_RPC_BODY_BYTES = 1024 * 1024

/** Every RPC answer has this shape; the HTTP status equals `statusCode`. */
export interface RpcEnvelope<T = unknown> {
  statusCode: number
  message: string
  data: T | null
  /** Present on errors: the message's stable code, which the app shows in the person's language. */
  code?: string
  /** Values of the code's placeholders. */
  params?: Record<string, string | number>
  /** Present on 400: one message per invalid field, keyed by its dotted path. */
  errors?: Record<string, string>
  /** The code of each field's message, keyed as `errors`. */
  fieldCodes?: Record<string, string>
  /** Present on errors, so a person can quote it and we can find the log line. */
  requestId?: string
}
