import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { CalendarDays, Globe } from 'lucide-react';
import type { ProfileDetail, ProfileResponse } from '../../shared/members';
import { cn } from '../lib/cn';
import { eventDateUtc, monthYear } from '../lib/dates';
import { displayName, hostnameOf, roleLine, safeWebsiteUrl } from '../lib/member-format';
import { paths } from '../lib/paths';
import { Avatar } from './avatar';
import { Badge } from './badge';
import { Card } from './card';
import { LinkedinIcon } from './linkedin-icon';
import { Skeleton } from './skeleton';
import { FacebookIcon, InstagramIcon } from './social-icons';
import { textLinkClasses } from './text-link';

// The read-only sections of a member's profile, shared by the public profile (features/profile)
// and the member's own dashboard (features/dashboard).

export const NO_BIO = 'No bio provided yet.';
export const NO_SKILLS = 'No skills listed yet.';
export const NO_EVENTS = 'No events attended yet.';

/** A titled card; the heading names the region. */
export function ProfileSection({
  id,
  title,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className={className}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-lg font-semibold text-fg">
            {title}
          </h2>
          {action}
        </div>
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-fg-muted">{children}</p>;
}

/** Sponsor and Panelist marks. */
export function RoleBadges({ profile }: { profile: Pick<ProfileDetail, 'isSponsor' | 'isPanelist'> }) {
  if (!profile.isSponsor && !profile.isPanelist) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {profile.isPanelist && <Badge tone="brand">Panelist</Badge>}
      {profile.isSponsor && <Badge tone="success">Sponsor</Badge>}
    </span>
  );
}

const socialIcon =
  'inline-flex size-9 items-center justify-center rounded-lg border border-line text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg';

/** Instagram, Facebook and LinkedIn icons; each link is named for a screen reader. */
export function SocialLinks({ profile }: { profile: ProfileDetail }) {
  const name = displayName(profile);
  const links = [
    { href: profile.instagramUrl, label: `${name} on Instagram`, Icon: InstagramIcon },
    { href: profile.facebookUrl, label: `${name} on Facebook`, Icon: FacebookIcon },
    { href: profile.linkedinUrl, label: `${name} on LinkedIn`, Icon: LinkedinIcon },
  ].filter((link) => link.href && /^https?:\/\//i.test(link.href));
  if (links.length === 0) return null;
  return (
    <ul aria-label="Social profiles" className="flex gap-2">
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
            className={socialIcon}
          >
            <Icon className="size-[18px]" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Position at company, website and the month the member joined. */
export function ProfileFacts({ profile }: { profile: ProfileDetail }) {
  const role = roleLine(profile.position, profile.company);
  const website = safeWebsiteUrl(profile.website);
  return (
    <div className="space-y-2">
      {role && <p className="text-fg">{role}</p>}
      <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-fg-muted">
        {website && (
          <li className="inline-flex items-center gap-1.5">
            <Globe className="size-4 shrink-0" aria-hidden="true" />
            <a href={website} target="_blank" rel="noopener noreferrer nofollow" className={textLinkClasses}>
              {hostnameOf(website)}
            </a>
          </li>
        )}
        <li className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          Joined {monthYear(profile.createdAt)}
        </li>
      </ul>
    </div>
  );
}

/** The header card of a profile: avatar, name, badges, @username, facts and the given actions. */
export function ProfileHeader({
  profile,
  avatar,
  actions,
  extra,
}: {
  profile: ProfileDetail;
  /** Replaces the plain avatar (the dashboard puts its upload controls here). */
  avatar?: ReactNode;
  actions?: ReactNode;
  /** Shown under the facts, e.g. the connections count. */
  extra?: ReactNode;
}) {
  const name = displayName(profile);
  return (
    <Card className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-24 bg-[radial-gradient(ellipse_at_top_left,var(--glow),transparent_70%)]"
      />
      <div className="relative flex flex-col gap-6 md:flex-row md:items-start">
        {avatar ?? <Avatar name={name} src={profile.avatarUrl} size="xl" alt={`${name}'s profile photo`} />}
        <div className="min-w-0 flex-1 space-y-4">
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">{name}</h1>
              <RoleBadges profile={profile} />
            </div>
            <p className="break-all text-fg-muted">@{profile.username}</p>
          </div>
          <ProfileFacts profile={profile} />
          {extra}
        </div>
        {actions && <div className="flex flex-wrap gap-2 md:w-52 md:flex-col md:items-stretch">{actions}</div>}
      </div>
    </Card>
  );
}

export function AboutSection({ bio }: { bio: string | null }) {
  return (
    <ProfileSection id="about-heading" title="About">
      {bio ? <p className="whitespace-pre-line break-words text-fg">{bio}</p> : <Muted>{NO_BIO}</Muted>}
    </ProfileSection>
  );
}

export function SkillsSection({ skills }: { skills: ProfileResponse['skills'] }) {
  return (
    <ProfileSection id="skills-heading" title="Skills">
      {skills.length === 0 ? (
        <Muted>{NO_SKILLS}</Muted>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill.id}>
              <Badge className="px-2.5 py-1 text-sm" tone="neutral">
                {skill.name}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

const attendeeLabels: Record<string, { label: string; tone: 'success' | 'neutral' | 'danger' }> = {
  attending: { label: 'Attending', tone: 'success' },
  maybe: { label: 'Maybe', tone: 'neutral' },
  waitlisted: { label: 'Waitlisted', tone: 'danger' },
};

export function EventsList({ events }: { events: ProfileResponse['events'] }) {
  if (events.length === 0) return <Muted>{NO_EVENTS}</Muted>;
  return (
    <ul className="divide-y divide-line">
      {events.map((event) => {
        const status = attendeeLabels[event.attendeeStatus];
        return (
          <li
            key={event.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <Link to={paths.event(event.id)} className={cn(textLinkClasses, 'break-words')}>
                {event.name}
              </Link>
              <p className="text-sm text-fg-muted">
                <time dateTime={event.startTime}>{eventDateUtc(event.startTime)}</time>
              </p>
            </div>
            {status && <Badge tone={status.tone}>{status.label}</Badge>}
          </li>
        );
      })}
    </ul>
  );
}

export function EventsSection({ events, action }: { events: ProfileResponse['events']; action?: ReactNode }) {
  return (
    <ProfileSection id="events-heading" title="Events" action={action}>
      <EventsList events={events} />
    </ProfileSection>
  );
}

export function StatsSection({ stats }: { stats: ProfileResponse['stats'] }) {
  const items = [
    { label: 'Skills', value: stats.skills },
    { label: 'Events Attended', value: stats.eventsAttended },
    { label: 'Connections', value: stats.connections },
  ];
  return (
    <ProfileSection id="stats-heading" title="Stats">
      <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1">
        {items.map((item) => (
          <div
            key={item.label}
            className="rounded-lg bg-surface-2 px-3 py-3 lg:flex lg:items-center lg:justify-between"
          >
            <dt className="text-xs font-medium text-fg-muted sm:text-sm">{item.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums lg:mt-0 lg:text-xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </ProfileSection>
  );
}

/** Placeholder for a whole profile while it loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading profile</span>
      <Card>
        <div className="flex flex-col gap-6 md:flex-row">
          <Skeleton className="size-24 rounded-full sm:size-28" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-56" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-72 max-w-full" />
            <Skeleton className="h-8 w-36" />
          </div>
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {[0, 1].map((i) => (
            <Card key={i} className="space-y-3">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-4/5" />
            </Card>
          ))}
        </div>
        <Card className="space-y-3">
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </Card>
      </div>
    </div>
  );
}
