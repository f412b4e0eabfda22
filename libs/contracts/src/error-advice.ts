import type { ERROR_CATALOGUE } from './error-codes';

/**
 * What a merchant's developer does about each code, beyond its retry class: the reference's
 * "what to do" column. Typed by the catalogue, so a new code does not compile without its advice.
 */
export const ERROR_ADVICE: Record<keyof typeof ERROR_CATALOGUE, string> = {
  '0055501': 'Call from an address on the key’s IP allowlist, or ask the account owner to add this one in the panel.',
  '0055502':
    'Check the API key, that it belongs to the environment you call (sandbox or live), and on v4 the X-CEK-Environment and X-CEK-Merchant-Code headers. A revoked or expired key needs a new one.',
  '0055504':
    'Send the timestamp as 10-digit Unix seconds from a clock kept in sync (NTP), within 300 s of ours, and the signature as 64 lowercase hex characters.',
  '0055505':
    'Sign exactly what you send: the method, the path (with the query on v3) and the raw body bytes, with the secret of this key. Serialise the body once and sign those bytes.',
  '1000001': 'Fix each field or header named in `errors` (and `developer_detail`), then send again.',
  '1000005': 'Wait the seconds in Retry-After; spread your calls or ask for a higher limit if you hit it in normal traffic.',
  '1000030': 'Withdraw to the merchant’s own USDT (TRC20) address; the zero and burn addresses are refused in live.',
  '0055001': 'Finish the account setup in the panel (company details, settlement) before taking payments.',
  '0055002': 'Card payments are switched off for this account: ask the platform’s support to enable them.',
  '0055210': 'Send the first six digits of the card number as `bin`, digits only.',
  '0055221': 'The card reached its daily attempts or amount: ask the customer for another card or to try tomorrow.',
  '0055230': 'No acquirer takes this card for this amount: ask the customer for another card.',
  '0055231': 'The card cannot be charged now: ask the customer for another card.',
  '0055233': 'The BIN is unknown: check the digits, otherwise ask the customer for another card.',
  '0055234': 'Ask the customer to check the card number and expiry date.',
  '0055235': 'Send an amount with two decimals within the limits `GET /api/v4/bins/{bin}` states for this card.',
  '0055402': 'Check the merchant_order_id and that you call with the environment the order was created in.',
  '0055404': 'The order is already closed: read it with `GET /api/v4/orders/{id}`.',
  '0055503': 'A repeat of the same request: wait a moment and repeat it unchanged. Different content: this merchant_order_id is taken, so use a new one.',
  '9000005': 'Send an amount within the account’s limits for this currency (`limits` in the answer names them).',
  '9000007': 'merchant_reference identifies one payment: use a new reference, or read the payment made with it.',
  '9000010': 'An Idempotency-Key keeps the sandbox scenario of its first request: use a new key for another scenario.',
  '9000019': 'Withdraw at least the account minimum (`amount_limit` in the answer).',
  '9000020': 'Withdraw at most what `GET /api/v3/balance/withdrawable` shows; funds still settling are not available yet.',
  '9000022': 'A dispute or adjustment made a wallet negative: withdrawals resume once the balance is positive again.',
  '9000021': 'Today’s withdrawals would pass the daily limit (`amount_limit`): withdraw less, or tomorrow.',
  '9000040': 'Only a paid payment can be refunded or voided: read the payment and wait for `paid`.',
  '9000041': 'The payment already has a refund or void open or done: read it with `GET /api/v3/refunds`.',
  '9000038': 'Send return_url as an absolute https address of your own site.',
  '9000039':
    'Without `errors`: the first request with this key is still running, so repeat it unchanged in a moment. With `errors`: this key was used for another request (the fields named differ), so use a new key. `GET /api/v3/idempotency-keys/{key}` shows what it was used for.',
  '1000002': 'Check the path against the API reference; ids in paths are part of the route.',
  '1000003': 'Use the method the API reference gives for this path.',
  '1000004': 'Send a JSON body that parses (UTF-8, double-quoted names, no trailing commas).',
  '1000006': 'Send a smaller body; requests are limited to a few kilobytes.',
  '1000007': 'Send the body as `Content-Type: application/json`.',
  '1000008':
    'Our fault. Repeat the identical request (same Idempotency-Key or merchant_order_id) in a moment; if it persists, give support the correlation_id.',
  '1000009': 'A service did not answer in time: repeat the identical request in a moment, or read the resource to learn whether it was done.',
  '1000010': 'Operator API only: send a valid operator token as `Authorization: Bearer`.',
  '1000014': 'Operator API only: the token’s role does not cover this action; ask an admin for a token with that role.',
  '1000015': 'Operator API only: another operator must approve first, and the approver may not be the one who completes it.',
  '1000011': 'Check the id and that it belongs to the environment of your key.',
  '1000013': 'The service is in maintenance: `GET /api/v3/service-status` says until when. Repeat then; work already started goes on.',
  '1000012': 'The resource moved on (another request changed it): read it and decide again.',
};
