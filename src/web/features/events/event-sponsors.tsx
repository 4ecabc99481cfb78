import { ExternalLink } from 'lucide-react';
import type { Sponsor } from '../../../shared/events';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { cn } from '../../lib/cn';

/** Sponsor cards, Title Sponsors first (the server orders them) and highlighted. */
export function EventSponsors({ sponsors }: { sponsors: Sponsor[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {sponsors.map((sponsor) => {
        const title = sponsor.level === 'Title Sponsor';
        return (
          <li
            key={sponsor.id}
            className={cn(
              'flex flex-col rounded-xl border bg-surface p-5 shadow-sm',
              title ? 'border-brand ring-1 ring-brand' : 'border-line',
            )}
          >
            <div className="flex items-center gap-4">
              {sponsor.logoUrl ? (
                <img
                  src={sponsor.logoUrl}
                  alt={`${sponsor.name} logo`}
                  loading="lazy"
                  className="h-14 w-28 shrink-0 rounded-lg border border-line bg-white object-contain p-1"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="inline-flex h-14 w-28 shrink-0 items-center justify-center rounded-lg bg-info-soft text-xl font-semibold text-info-text"
                >
                  {sponsor.name.slice(0, 1)}
                </span>
              )}
              <div className="min-w-0">
                <h3 className="font-semibold text-fg">{sponsor.name}</h3>
                <Badge tone={title ? 'brand' : 'neutral'} className="mt-1">
                  {sponsor.level}
                </Badge>
              </div>
            </div>
            {sponsor.info && <p className="mt-4 text-sm text-fg-muted">{sponsor.info}</p>}
            {sponsor.website && (
              <div className="mt-auto pt-4">
                <a
                  href={sponsor.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary', 'sm')}
                >
                  Visit Sponsor Website
                  <span className="sr-only"> of {sponsor.name} (opens in a new tab)</span>
                  <ExternalLink aria-hidden="true" />
                </a>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
