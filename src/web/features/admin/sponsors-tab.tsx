import { Pencil } from 'lucide-react';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useDeleteSponsor, useSponsors } from './sponsors-api';

/** The Sponsors tab (spec 2 section 2): by name, Title Sponsors highlighted (section 9). */
export default function SponsorsTab() {
  const sponsors = useSponsors();
  const remove = useDeleteSponsor();

  return (
    <AdminList
      tab="sponsors"
      createHref={paths.sponsorCreate}
      createLabel="Create Sponsor"
      query={sponsors}
      items={sponsors.data}
      itemName={(sponsor) => sponsor.name}
      onDelete={(sponsor) => remove.mutateAsync(sponsor)}
      deleteDescription={(sponsor) => `${sponsor.name} and its links to events will be deleted. This cannot be undone.`}
      renderItem={(sponsor) => {
        const title = sponsor.level === 'Title Sponsor';
        return (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {sponsor.logoUrl && (
              <img
                src={sponsor.logoUrl}
                alt=""
                className="size-10 shrink-0 rounded border border-line bg-surface-2 object-contain"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                {sponsor.name}
                <Badge tone={title ? 'brand' : 'neutral'} className={title ? 'font-semibold' : undefined}>
                  {sponsor.level}
                </Badge>
              </p>
              {sponsor.website && (
                <a
                  href={sponsor.website}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex min-h-6 items-center text-sm break-all text-link underline-offset-2 hover:underline"
                >
                  {sponsor.website}
                </a>
              )}
            </div>
            <ButtonLink
              to={paths.sponsorEdit(sponsor.id)}
              variant="secondary"
              size="sm"
              aria-label={`Edit ${sponsor.name}`}
            >
              <Pencil aria-hidden="true" />
              Edit
            </ButtonLink>
          </div>
        );
      }}
    />
  );
}
