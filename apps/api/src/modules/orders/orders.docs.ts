// What every order and payment operation of the API document says about money and order states.

export const MONEY_AND_STATES = `Amounts are integer fen (1 yuan = 100 fen), currency CNY; prices always come from the
server's catalogue, a request never carries one. Order status: CREATED → PENDING_PAYMENT (a payment
attempt started) → PAID → FULFILLED (entitlements granted in the same transaction as PAID) →
COMPLETED (after the completion window); or EXPIRED (unpaid at expiresAt), CANCELLED, REFUNDING,
REFUNDED. Times are UTC ISO 8601.`;
