// Small helpers for raw SQL rows, which differ slightly between the pg and PGlite drivers.

/** A timestamp column as an ISO string (pg gives Date; a JSON sub-select gives a string). */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** A json/json_agg column: already parsed by one driver, a string from the other. */
export const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
