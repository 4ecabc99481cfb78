// Errors that mean "the database cannot be reached right now" (a restart, a failover, a full
// pool that timed out), as opposed to a query that is wrong. They become a 503 the client may
// retry, never a 500. Drizzle and better-auth wrap driver errors, so the whole cause chain is read.

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-4])$/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection is closed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying (a PostgreSQL restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
