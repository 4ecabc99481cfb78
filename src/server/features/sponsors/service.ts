import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { sponsors } from '../../db/schema';
import type { Sponsor } from '../../../shared/events';
import type { sponsorInput } from '../../../shared/sponsors';
import { isUuid } from '../../db/query-values';

type SponsorValues = z.output<typeof sponsorInput>;

const columns = {
  id: sponsors.id,
  name: sponsors.name,
  level: sponsors.level,
  logoUrl: sponsors.logoUrl,
  website: sponsors.website,
  info: sponsors.info,
};

const toSponsor = (row: { [K in keyof typeof columns]: (typeof sponsors.$inferSelect)[K] }): Sponsor => ({
  ...row,
  level: row.level as Sponsor['level'],
});

/** Every sponsor, by name (spec 2 section 7: "select all ordered by name"). */
export async function listSponsors(db: Db): Promise<Sponsor[]> {
  const rows = await db.select(columns).from(sponsors).orderBy(asc(sponsors.name), asc(sponsors.id));
  return rows.map(toSponsor);
}

export async function findSponsor(db: Db, id: string): Promise<Sponsor | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(sponsors).where(eq(sponsors.id, id));
  return row ? toSponsor(row) : null;
}

export async function createSponsor(db: Db, values: SponsorValues): Promise<Sponsor> {
  const [row] = await db.insert(sponsors).values(values).returning(columns);
  return toSponsor(row!);
}

/** The sponsor after the change, or null when there is none with that id. */
export async function updateSponsor(db: Db, id: string, values: SponsorValues): Promise<Sponsor | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.update(sponsors).set(values).where(eq(sponsors.id, id)).returning(columns);
  return row ? toSponsor(row) : null;
}

/** Deletes the sponsor (its event links go with it by the foreign key's cascade) and returns
 * what it was, so the caller can remove its logo; null when there was none. */
export async function deleteSponsor(db: Db, id: string): Promise<Sponsor | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.delete(sponsors).where(eq(sponsors.id, id)).returning(columns);
  return row ? toSponsor(row) : null;
}

/** Sets the logo and returns the one it replaced (`undefined` when the sponsor is missing). */
export async function setSponsorLogo(db: Db, id: string, logoUrl: string | null) {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ logoUrl: sponsors.logoUrl })
      .from(sponsors)
      .where(eq(sponsors.id, id))
      .for('update');
    if (!old) return undefined;
    await tx.update(sponsors).set({ logoUrl }).where(eq(sponsors.id, id));
    return old.logoUrl;
  });
}
