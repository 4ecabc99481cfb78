import { Eye, Pencil } from 'lucide-react';
import { Link, useSearchParams } from '../../lib/router';
import type { AdminAnnouncement } from '../../../shared/announcements';
import { ButtonLink } from '../../components/button';
import { Pagination } from '../../components/pagination';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { ProgressBar, StatusBadge, progressWords, whenWords } from './announcement-parts';
import { useAnnouncements, useDeleteAnnouncement } from './announcements-api';

// The Announcements tab (issue 35): newest first, each with its audience, status, when and, once
// it is going out, how far it has come (asked again every few seconds while one is sending).

const editable = (a: AdminAnnouncement) => a.status === 'draft' || a.status === 'cancelled';

const pageUrl = (n: number) =>
  n > 1 ? `${paths.adminTab('announcements')}&page=${n}` : paths.adminTab('announcements');

export default function AnnouncementsTab() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const list = useAnnouncements(page);
  const remove = useDeleteAnnouncement();
  const data = list.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  return (
    <AdminList<AdminAnnouncement>
      tab="announcements"
      createHref={paths.announcementCreate}
      createLabel="New announcement"
      query={list}
      items={data?.announcements}
      itemName={(a) => a.subject}
      onDelete={(a) => remove.mutateAsync(a.id)}
      canDelete={editable}
      deleteDescription={(a) =>
        `“${a.subject}” has not been sent: deleting it removes the draft. This cannot be undone.`
      }
      renderItem={(a) => (
        <div className="min-w-0 space-y-1">
          <p className="font-medium text-fg">
            <Link
              to={paths.announcement(a.id)}
              className="rounded-sm underline-offset-4 hover:text-link hover:underline"
            >
              {a.subject}
            </Link>
          </p>
          <p className="text-sm text-fg-muted">{a.audienceWords}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            <StatusBadge status={a.status} />
            <span>{whenWords(a)}</span>
            {a.membersOnly && <span>Members only in the archive</span>}
          </p>
          {(a.status === 'sending' || a.status === 'sent') && (
            <div className="space-y-1 pt-1">
              <p className="text-sm text-fg-muted">{progressWords(a)}</p>
              {a.status === 'sending' && (
                <ProgressBar announcement={a} label={`Sending ${a.subject}`} className="max-w-sm" />
              )}
            </div>
          )}
        </div>
      )}
      actions={(a) =>
        editable(a) ? (
          <ButtonLink to={paths.announcement(a.id)} variant="secondary" size="sm" aria-label={`Edit ${a.subject}`}>
            <Pencil aria-hidden="true" />
            Edit
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.announcement(a.id)} variant="secondary" size="sm" aria-label={`View ${a.subject}`}>
            <Eye aria-hidden="true" />
            View
          </ButtonLink>
        )
      }
      footer={<Pagination page={page} pageCount={pageCount} to={pageUrl} label="Announcement pages" />}
    />
  );
}
