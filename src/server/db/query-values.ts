import { sql } from 'drizzle-orm';
import { profiles } from './schema/profiles';

// Values checked or shaped before they reach SQL, shared by every feature's queries.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL can be a uuid column's value (else the row is missing, not a 500). */
export const isUuid = (value: string) => UUID.test(value);

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A member's name as the product says it: the full name, else the username. */
export const memberName = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`;
