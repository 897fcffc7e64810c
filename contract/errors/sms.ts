/** What the server answers about sms: each a stable code (the id) with its English. */
export const SMS = {
  linkNotValid: /*i18n*/ { id: 'sms.linkNotValid', message: 'This link is not valid' },
  codeExpired: /*i18n*/ {
    id: 'sms.codeExpired',
    message: 'This code has expired or was replaced by a newer one. Ask for a new code.',
  },
  codeUsed: /*i18n*/ {
    id: 'sms.codeUsed',
    message: 'This code was already used. Ask for a new code.',
  },
  wrongCodeTriesLeft: /*i18n*/ {
    id: 'sms.wrongCodeTriesLeft',
    message: 'That code is not right. Check the SMS and try again ({left} tries left).',
  },
  wrongCodeTryLeft: /*i18n*/ {
    id: 'sms.wrongCodeTryLeft',
    message: 'That code is not right. Check the SMS and try again ({left} try left).',
  },
  wrongCodeStopped: /*i18n*/ {
    id: 'sms.wrongCodeStopped',
    message: 'That code is not right, and it has now stopped working. Ask for a new code.',
  },
}

/** Per-field messages of the same answers. */
export const SMS_FIELD = {
  notOurLink: /*i18n*/ { id: 'sms.field.notOurLink', message: 'Not a link we sent' },
  codeExpired: /*i18n*/ { id: 'sms.field.codeExpired', message: 'Expired: ask for a new code' },
  wrongCode: /*i18n*/ { id: 'sms.field.wrongCode', message: 'Wrong code' },
}
