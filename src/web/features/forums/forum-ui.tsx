import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ArrowLeft } from 'lucide-react';
import { FORMER_MEMBER, type ForumAuthor } from '../../../shared/forums';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { NotFound } from '../../components/not-found';
import { paths } from '../../lib/paths';
import { formatDateTime } from './format';

/** The forum screens' frame: a back link, then the page. */
export function ForumFrame({ back, children }: { back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      {back && (
        <Link
          to={back.to}
          className="inline-flex min-h-6 items-center gap-1 rounded-sm text-sm font-medium text-fg-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      {children}
    </div>
  );
}

/** 'Forum not found' / 'Post not found', with a way back. */
export function NotFoundPanel({ title, children }: { title: string; children: ReactNode }) {
  return <NotFound title={title}>{children}</NotFound>;
}

/** Who wrote it and when: avatar, name linking to the profile, time, and whether it was edited. */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
}: {
  author: ForumAuthor;
  createdAt: string;
  editedAt: string | null;
}) {
  const name = author ? author.username : FORMER_MEMBER;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={author?.avatarUrl} size="md" />
      <div className="min-w-0 text-sm">
        {author ? (
          <Link to={paths.profile(author.username)} className="font-semibold text-fg hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-semibold text-fg-muted">{name}</span>
        )}
        <p className="text-fg-muted">
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          {editedAt && (
            <span title={`Edited ${formatDateTime(editedAt)}`}>
              {' · '}
              <span>(edited)</span>
            </span>
          )}
        </p>
      </div>
    </div>
  );
}

/** Deleting asks first (spec 2 section 4). */
export function ConfirmDelete({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    />
  );
}
