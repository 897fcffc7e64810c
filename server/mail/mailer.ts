import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import type { Config } from '../env'
import type { Logger } from '../lib/log'
import { writeToOutbox } from './outbox'

/** A file sent with a mail: an invoice's PDF, a booking's calendar file. */
export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Where answers go when it is not the sender (a contact message is answered to its writer). */
  replyTo?: string
  /** Files sent with it (an invoice's PDF). */
  attachments?: MailAttachment[]
  /** Headers besides the usual ones: a reminder's one-click `List-Unsubscribe`. */
  headers?: Record<string, string>
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server (or the outbox table) has it. */
  send(message: MailMessage): Promise<void>
}

/**
 * Real SMTP when SMTP_URL is set. Otherwise each message is written, fully formed, to the database's
 * outbox table — the same bytes SMTP would carry — so every mailed flow works locally and in tests, and
 * admins read the mail of every instance at /admin/messages.
 */
export function createMailer(config: Config, log: Logger, db: Db): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message })
      if (config.smtpUrl) {
        log.info('mail sent', { subject: message.subject, messageId: info.messageId })
        return
      }
      const id = await writeToOutbox(db, {
        kind: 'mail',
        raw: (info as unknown as { message: Buffer }).message,
      })
      log.info('mail written to the outbox', { subject: message.subject, id })
    },
  }
}
