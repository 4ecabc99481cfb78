import { Link } from '../../lib/router';
import { Pencil } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useAdminForums, useDeleteForum } from './forums-api';

/** The Forums tab (spec 2 section 2): newest first, with post counts; create, edit, delete. */
export default function ForumsTab() {
  const forums = useAdminForums();
  const remove = useDeleteForum();

  return (
    <AdminList
      tab="forums"
      createHref={paths.forumCreate}
      createLabel="Create Forum"
      query={forums}
      items={forums.data}
      itemName={(forum) => forum.name}
      onDelete={(forum) => remove.mutateAsync(forum)}
      deleteDescription={(forum) =>
        `${forum.name} and its ${forum.postCount} ${forum.postCount === 1 ? 'post' : 'posts'} with all their replies will be deleted. This cannot be undone.`
      }
      renderItem={(forum) => (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <Link to={paths.forum(forum.id)} className="font-medium text-fg hover:underline">
              {forum.name}
            </Link>
            <p className="text-sm text-fg-muted">
              {forum.postCount} {forum.postCount === 1 ? 'post' : 'posts'}
            </p>
          </div>
          <ButtonLink to={paths.forumEdit(forum.id)} variant="secondary" size="sm" aria-label={`Edit ${forum.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </ButtonLink>
        </div>
      )}
    />
  );
}
