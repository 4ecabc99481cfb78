import { Link } from '../../lib/router';
import { Mail } from 'lucide-react';
import type { MemberCard as MemberCardData } from '../../../shared/members';
import { ASKS_LABEL, OFFERS_LABEL } from '../../../shared/people-to-meet-texts';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { displayName, roleLine } from '../../lib/member-format';
import { paths } from '../../lib/paths';

/** One member in the directory. The whole card opens the profile; Message sits above that link. */
export function MemberCard({ member, isSelf }: { member: MemberCardData; isSelf: boolean }) {
  const name = displayName(member);
  const role = roleLine(member.position, member.company);

  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition-colors hover:border-line-strong">
      <div className="flex items-start gap-4">
        <Avatar name={name} src={member.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-fg">
            <Link
              to={paths.profile(member.username)}
              className="rounded-sm after:absolute after:inset-0 after:rounded-xl group-hover:underline group-hover:underline-offset-4"
            >
              {name}
            </Link>
          </h3>
          <p className="truncate text-sm text-fg-muted">@{member.username}</p>
          {role && <p className="mt-1 line-clamp-2 text-sm text-fg">{role}</p>}
        </div>
      </div>

      {(member.isSponsor || member.isPanelist) && (
        <div className="mt-4 flex flex-wrap gap-1.5">
          {member.isSponsor && <Badge tone="success">Sponsor</Badge>}
          {member.isPanelist && <Badge tone="brand">Panelist</Badge>}
        </div>
      )}

      {member.skills.length > 0 && (
        <ul aria-label="Skills" className="mt-4 flex flex-wrap gap-1.5">
          {member.skills.map((skill) => (
            <li key={skill}>
              <Badge>{skill}</Badge>
            </li>
          ))}
        </ul>
      )}

      <OffersAndAsks offers={member.offers} asks={member.asks} />

      {!isSelf && (
        <div className="mt-auto flex justify-end pt-4">
          <ButtonLink
            to={paths.compose(member.username)}
            variant="secondary"
            size="sm"
            className="relative z-10"
            aria-label={`Message ${name}`}
          >
            <Mail aria-hidden="true" />
            Message
          </ButtonLink>
        </div>
      )}
    </article>
  );
}

/** "Offering: A · B" and "Looking for: C", two whole lines at most each: one line height for the
 * label and the items, and a box no taller than two of them (2lh), so no line is cut through. */
function OffersAndAsks({ offers, asks }: { offers: string[]; asks: string[] }) {
  const rows = [
    { label: OFFERS_LABEL, items: offers },
    { label: ASKS_LABEL, items: asks },
  ].filter((row) => row.items.length > 0);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-4 space-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="line-clamp-2 max-h-[2lh] leading-5 break-words">
          <dt className="inline leading-[inherit] font-medium text-fg">{row.label}: </dt>
          <dd className="inline leading-[inherit] text-fg-muted">{row.items.join(' · ')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Placeholder card while a page of members loads. */
export function MemberCardSkeleton() {
  return (
    <div className="flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2 pt-1">
          <Skeleton className="h-4 w-2/3 rounded-md" />
          <Skeleton className="h-3 w-1/3 rounded-md" />
          <Skeleton className="h-3 w-3/4 rounded-md" />
        </div>
      </div>
      <div className="mt-5 flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
    </div>
  );
}
