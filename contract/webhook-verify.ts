import { WEBHOOK_TOLERANCE_SECONDS } from './webhooks.constants'

/**
 * How a receiver checks a webhook's signature, as the reference (/developers) and docs/webhooks.md print
 * it. The end-to-end test's receiver runs NODE_VERIFY as printed, so the page cannot drift from Soko.
 */

/** Checks a delivery in Node: `body` is the raw body as text, `header` the Soko-Signature header. */
export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto'

function verifySoko(body, header, secret) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')))
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest()
  const given = Buffer.from(v1 ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}`

export const PHP_VERIFY = `<?php
function verify_soko(string $body, string $header, string $secret): bool {
    parse_str(str_replace(',', '&', $header), $p);
    if (abs(time() - (int) ($p['t'] ?? 0)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false;
    $expected = hash_hmac('sha256', ($p['t'] ?? '') . '.' . $body, $secret);
    return hash_equals($expected, $p['v1'] ?? '');
}

$body = file_get_contents('php://input');
if (!verify_soko($body, $_SERVER['HTTP_SOKO_SIGNATURE'] ?? '', getenv('SOKO_WEBHOOK_SECRET'))) {
    http_response_code(400);
    exit;
}`
