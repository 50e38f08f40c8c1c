/**
 * Limits on PostgreSQL's side, in ms; 0 = none. A statement over `statementMs` is cancelled
 * (57014), a wait for a lock over `lockMs` gives up (55P03), a transaction left idle over
 * `idleInTransactionMs` ends its session (25P03): each is a 503 with Retry-After
 * (lib/error-response.ts), so a slow or locked database never holds a request past its budget.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}
