import { useState, type ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { PageSpinner } from '../../components/spinner';
import { refusalReason } from '../../lib/api';
import { cn } from '../../lib/cn';

/**
 * One tab's list (spec 2 section 2): a create link, the items, and per item its own actions
 * plus a delete that asks first. Texts: 'Failed to load {tab}', 'No {tab} found',
 * 'Failed to delete item'.
 */
export function AdminList<T extends { id: string }>({
  tab,
  createHref,
  createLabel,
  query,
  items,
  renderItem,
  actions,
  itemName,
  onDelete,
  canDelete = () => true,
  deleteDescription,
  toolbar,
  footer,
}: {
  /** The tab's name in lower case, as it reads in the spec's texts: 'events'. */
  tab: string;
  createHref?: string;
  createLabel?: string;
  query: { isPending: boolean; isError: boolean };
  items: T[] | undefined;
  /** The row's content; the delete button is added after it when `onDelete` is given. */
  renderItem: (item: T) => ReactNode;
  /** The row's own actions (an Edit link): Delete follows them in one group, so the two stay
   * side by side when the row wraps on a phone. */
  actions?: (item: T) => ReactNode;
  itemName: (item: T) => string;
  onDelete?: (item: T) => Promise<unknown>;
  /** Items the server would refuse to delete (an admin's own account) get no Delete button. */
  canDelete?: (item: T) => boolean;
  /** What deleting takes with it, shown in the confirmation. */
  deleteDescription?: (item: T) => ReactNode;
  toolbar?: ReactNode;
  footer?: ReactNode;
}) {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** null: no failure; '' : failed without a reason the server gave. */
  const [deleteFailed, setDeleteFailed] = useState<string | null>(null);

  async function confirmDelete() {
    if (!pending || !onDelete) return;
    setDeleting(true);
    setDeleteFailed(null);
    try {
      await onDelete(pending);
      setPending(null);
    } catch (error) {
      // The spec's text, then why when the server said (the last admin, one's own account).
      setDeleteFailed(refusalReason(error));
      setPending(null);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">{toolbar}</div>
        {createHref && (
          <ButtonLink to={createHref}>
            <Plus aria-hidden="true" />
            {createLabel}
          </ButtonLink>
        )}
      </div>
      {deleteFailed !== null && (
        <Alert tone="error" title="Failed to delete item">
          {deleteFailed || undefined}
        </Alert>
      )}
      {query.isPending ? (
        <PageSpinner label={`Loading ${tab}`} />
      ) : query.isError ? (
        <Alert tone="error">Failed to load {tab}</Alert>
      ) : !items || items.length === 0 ? (
        <EmptyState title={`No ${tab} found`} />
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {/* With actions of its own, the content keeps a phone's width, so they wrap below it. */}
              <div className={cn('min-w-0', actions ? 'grow basis-80' : 'flex-1')}>{renderItem(item)}</div>
              {(actions || (onDelete && canDelete(item))) && (
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  {actions?.(item)}
                  {onDelete && canDelete(item) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setPending(item)}
                      aria-label={`Delete ${itemName(item)}`}
                      className="text-danger-text"
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {footer}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && !deleting && setPending(null)}
        title={pending ? `Delete ${itemName(pending)}?` : 'Delete'}
        description={pending && deleteDescription ? deleteDescription(pending) : 'This cannot be undone.'}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={deleting}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}
