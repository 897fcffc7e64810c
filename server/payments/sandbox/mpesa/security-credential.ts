import { constants, createPrivateKey, privateDecrypt } from 'node:crypto'
import { SANDBOX } from '../../sandbox-credentials'
import type { MpesaContext } from './daraja'
import { SANDBOX_CERTIFICATE, SANDBOX_PRIVATE_KEY } from './sandbox-certificate'

/**
 * The initiator's SecurityCredential, which B2C and Transaction Status carry: Daraja wants the initiator's
 * password RSA-encrypted with M-Pesa's certificate, in base64. The sandbox publishes its own certificate
 * (sandbox-certificate.ts) at /certificate.cer, decrypts what it is sent and compares the password; it also
 * takes the credential Soko is configured with as it is (SANDBOX.mpesaCredential), so that setups made
 * before it took encrypted ones keep working.
 */

const KEY = createPrivateKey(SANDBOX_PRIVATE_KEY)
/** The key's modulus in bytes (256): every ciphertext it decrypts is exactly this long. */
const KEY_BYTES = (KEY.asymmetricKeyDetails?.modulusLength ?? 2048) / 8

export function mountCertificate({ app }: MpesaContext): void {
  // As text, so that a browser shows it and `curl -o` saves the file a client's encryption reads.
  app.get('/certificate.cer', (c) => c.text(SANDBOX_CERTIFICATE))
}

/** True when `initiator` is the configured one and `credential` is accepted for it. */
export function initiatorAuthorised(
  config: MpesaContext['config'],
  initiator: string | null,
  credential: string | null,
): boolean {
  if (!initiator || initiator !== config.initiatorName || !credential) return false
  if (credential === config.securityCredential) return true
  return decryptions(credential).includes(SANDBOX.mpesaInitiatorPassword)
}

/**
 * What `credential` decrypts to with the sandbox key, read as each padding a client may have used: PKCS#1
 * v1.5 (what Daraja's clients use) and OAEP (SHA-1 or SHA-256). Empty when it is not base64 of one RSA block.
 */
function decryptions(credential: string): string[] {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return []
  const sealed = Buffer.from(credential, 'base64')
  if (sealed.length !== KEY_BYTES) return []
  const found: string[] = []
  const v15 = attempt(() =>
    unpadPkcs1v15(privateDecrypt({ key: KEY, padding: constants.RSA_NO_PADDING }, sealed)),
  )
  if (v15) found.push(v15.toString('utf8'))
  for (const oaepHash of ['sha1', 'sha256']) {
    const oaep = attempt(() =>
      privateDecrypt({ key: KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash }, sealed),
    )
    if (oaep) found.push(oaep.toString('utf8'))
  }
  return found
}

/**
 * The message inside a decrypted PKCS#1 v1.5 block: 00 02, eight or more non-zero padding bytes, 00, then
 * the message. Node refuses this padding in privateDecrypt since its fix for CVE-2023-46809 (a timing
 * attack that could recover what was encrypted); the sandbox decrypts without padding and strips it here.
 * Timing does not matter: the sandbox's key is public, so there is no secret to leak.
 */
function unpadPkcs1v15(block: Buffer): Buffer | null {
  if (block[0] !== 0x00 || block[1] !== 0x02) return null
  const end = block.indexOf(0x00, 2)
  return end >= 10 ? block.subarray(end + 1) : null
}

function attempt<T>(run: () => T): T | null {
  try {
    return run()
  } catch {
    return null
  }
}
