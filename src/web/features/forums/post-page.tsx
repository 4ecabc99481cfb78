import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '../../lib/router';
import { Pencil, Trash2 } from 'lucide-react';
import {
  POST_DELETE_ERROR,
  POST_LOAD_ERROR,
  POST_NOT_FOUND,
  REPLIES_EMPTY,
  REPLIES_LOAD_ERROR,
  REPLY_DELETE_ERROR,
  REPLY_POST_ERROR,
  replyInput,
  type PostDetail,
  type Reply,
} from '../../../shared/forums';
import { isBlankRichText } from '../../../shared/rich-text';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { RichText } from '../../components/rich-text';
import { ReportButton } from '../../components/report-button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { PageSpinner } from '../../components/spinner';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  isNotFound,
  uploadForumImage,
  useCreateReply,
  useDeletePost,
  useDeleteReply,
  usePost,
  useReplies,
  useUpdatePost,
  useUpdateReply,
  writeFailure,
} from './api';
import { AuthorLine, ConfirmDelete, ForumFrame, NotFoundPanel } from './forum-ui';
import { PostForm } from './post-form';

/** /forums/:forumId/:postId: the post, its replies oldest first (paged), and a reply editor. */
export function PostPage() {
  const { forumId = '', postId = '' } = useParams();
  const navigate = useNavigate();
  const post = usePost(forumId, postId);
  useDocumentTitle(post.data?.post.title ?? 'Post');
  /** The reply this member just posted: focus goes to it once its page shows it. */
  const [posted, setPosted] = useState<string | null>(null);

  if (isNotFound(post.error)) {
    return (
      <NotFoundPanel title={POST_NOT_FOUND}>
        <Button onClick={() => void navigate(paths.forum(forumId))}>Go back</Button>
      </NotFoundPanel>
    );
  }

  return (
    <ForumFrame back={{ to: paths.forum(forumId), label: `Back to ${post.data?.post.forumName ?? 'forum'}` }}>
      {/* A failed refetch keeps what was shown (and an edit in progress); only a first load that
          fails shows the error. */}
      {post.data ? (
        <PostView forumId={forumId} post={post.data.post} />
      ) : post.isError ? (
        <Alert tone="error" className="mt-6">
          {POST_LOAD_ERROR}
        </Alert>
      ) : (
        <PageSpinner label="Loading post" />
      )}
      <Replies forumId={forumId} postId={postId} posted={posted} onPostedFocused={setPosted} />
      {/* Outside every loading state: a refetch never takes away what the member is typing. */}
      <ReplyForm forumId={forumId} postId={postId} onPosted={setPosted} />
    </ForumFrame>
  );
}

function PostView({ forumId, post }: { forumId: string; post: PostDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(forumId, post.id);

  return (
    <article className="mt-4" aria-labelledby="post-title">
      {editing ? (
        <PostEditForm forumId={forumId} post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h1 id="post-title" className="text-3xl font-bold tracking-tight break-words">
            {post.title}
          </h1>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <AuthorLine author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} />
            <div className="flex gap-2">
              {!post.can.edit && post.author && <ReportButton targetType="post" targetId={post.id} />}
              {post.can.edit && (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              )}
              {post.can.delete && (
                <Button variant="ghost" size="sm" className="text-danger-text" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              )}
            </div>
          </div>
          {remove.isError && (
            <Alert tone="error" className="mt-4">
              {POST_DELETE_ERROR}
            </Alert>
          )}
          <RichText html={post.content} className="mt-6 rounded-xl border border-line bg-surface p-5" />
        </>
      )}
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Post"
        description="Are you sure you want to delete this post and all its replies? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate(paths.forum(forumId)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </article>
  );
}

function PostEditForm({ forumId, post, onDone }: { forumId: string; post: PostDetail; onDone: () => void }) {
  const update = useUpdatePost(forumId, post.id);
  return (
    <PostForm
      className="space-y-4"
      aria-labelledby="post-title"
      heading={
        <h1 id="post-title" className="text-3xl font-bold tracking-tight">
          Edit Post
        </h1>
      }
      initial={{ title: post.title, content: post.content }}
      save={async (input) => {
        await update.mutateAsync(input);
        onDone();
      }}
      failure={writeFailure('Failed to update post')}
      submitLabel="Save"
      cancel={{ onClick: onDone }}
    />
  );
}

function Replies({
  forumId,
  postId,
  posted,
  onPostedFocused,
}: {
  forumId: string;
  postId: string;
  posted: string | null;
  /** Called with null once the posted reply has focus (a state setter: stable). */
  onPostedFocused: (done: null) => void;
}) {
  const [search] = useSearchParams();
  const replyId = search.get('reply');
  const page = Math.max(1, Number(search.get('page')) || 1);
  const replies = useReplies(forumId, postId, page, replyId);
  const [deleteFailed, setDeleteFailed] = useState(false);

  // A link to a reply opens its page; bring the reply into view once it is there.
  const shown = replies.data?.replies.some((r) => r.id === replyId);
  useEffect(() => {
    if (replyId && shown) document.getElementById(`reply-${replyId}`)?.scrollIntoView({ block: 'center' });
  }, [replyId, shown]);
  // After Post Reply the button is briefly disabled and focus falls to the page: it goes to the
  // new reply instead, so keyboard and screen-reader users land on what they wrote (WCAG 2.4.3).
  useEffect(() => {
    if (!posted || posted !== replyId || !shown) return;
    document.getElementById(`reply-${posted}`)?.focus({ preventScroll: true });
    onPostedFocused(null);
  }, [posted, replyId, shown, onPostedFocused]);

  const data = replies.data;
  return (
    <section aria-labelledby="replies-heading" className="mt-10">
      <h2 id="replies-heading" className="text-xl font-semibold">
        Replies{data ? ` (${data.total})` : ''}
      </h2>
      {deleteFailed && (
        <Alert tone="error" className="mt-4">
          {REPLY_DELETE_ERROR}
        </Alert>
      )}
      <div className="mt-4">
        {!data ? (
          replies.isError ? (
            isNotFound(replies.error) ? null : (
              <Alert tone="error">{REPLIES_LOAD_ERROR}</Alert>
            )
          ) : (
            <PageSpinner label="Loading replies" />
          )
        ) : data.replies.length === 0 ? (
          <EmptyState title={REPLIES_EMPTY} />
        ) : (
          <>
            <ol className="space-y-4">
              {data.replies.map((reply) => (
                <ReplyItem
                  key={reply.id}
                  forumId={forumId}
                  reply={reply}
                  highlighted={reply.id === replyId}
                  focusable={reply.id === posted || reply.id === replyId}
                  onDeleteResult={(ok) => setDeleteFailed(!ok)}
                />
              ))}
            </ol>
            <Pagination
              className="mt-6"
              label="Pages of replies"
              page={data.page}
              pageCount={data.pageCount}
              to={(n) => `?page=${n}`}
            />
          </>
        )}
      </div>
    </section>
  );
}

function ReplyItem({
  forumId,
  reply,
  highlighted,
  focusable,
  onDeleteResult,
}: {
  forumId: string;
  reply: Reply;
  highlighted: boolean;
  /** Focus may be sent to it (the reply just posted or linked to), so it takes programmatic focus. */
  focusable: boolean;
  onDeleteResult: (ok: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.content);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateReply(forumId, reply.postId);
  const remove = useDeleteReply(forumId, reply.postId);
  const label = reply.author?.username ?? 'former member';
  // Here, not in the edit form: a failure stays said when the edit is cancelled and reopened.
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: replyInput,
    values: () => ({ content: draft }),
    submit: async (_, input) => {
      await update.mutateAsync({ replyId: reply.id, content: input.content });
      setEditing(false);
    },
    failure: writeFailure('Failed to update reply'),
  });

  return (
    <li
      id={`reply-${reply.id}`}
      tabIndex={focusable ? -1 : undefined}
      className={`rounded-xl border bg-surface p-4 ${highlighted ? 'border-brand' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AuthorLine author={reply.author} createdAt={reply.createdAt} editedAt={reply.editedAt} />
        <div className="flex gap-1">
          <Link
            to={`?reply=${encodeURIComponent(reply.id)}`}
            className="inline-flex min-h-8 items-center rounded-lg px-2 text-sm text-fg-muted hover:bg-surface-2 hover:text-fg"
            aria-label={`Link to ${label}'s reply`}
          >
            Link
          </Link>
          {!reply.can.edit && reply.author && <ReportButton targetType="reply" targetId={reply.id} appearance="icon" />}
          {reply.can.edit && !editing && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(reply.content);
                clearError('content');
                setEditing(true);
              }}
              aria-label={`Edit ${label}'s reply`}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
          {reply.can.delete && (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger-text"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${label}'s reply`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      </div>
      {editing ? (
        <form
          noValidate
          // A blank edit is ignored, as a blank reply is.
          onSubmit={(event) => (isBlankRichText(draft) ? event.preventDefault() : handleSubmit(event))}
          className="mt-3 space-y-3"
          aria-label="Edit reply"
        >
          {formError && <Alert tone="error">{formError}</Alert>}
          <RichTextEditor
            field="content"
            label="Edit reply"
            value={draft}
            onChange={(html) => {
              setDraft(html);
              clearError('content');
            }}
            height={300}
            uploadImage={uploadForumImage}
            error={errors.content}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <RichText html={reply.content} className="mt-3" />
      )}
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Reply"
        description="Are you sure you want to delete this reply? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(reply.id, {
            onSuccess: () => onDeleteResult(true),
            onError: () => onDeleteResult(false),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}

function ReplyForm({
  forumId,
  postId,
  onPosted,
}: {
  forumId: string;
  postId: string;
  onPosted: (replyId: string) => void;
}) {
  const [, setSearch] = useSearchParams();
  const [content, setContent] = useState('');
  const create = useCreateReply(forumId, postId);
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: replyInput,
    values: () => ({ content }),
    // Sent as typed: the server parses the same schema.
    submit: async (_, input) => {
      const { reply } = await create.mutateAsync(input).catch((error: unknown) => {
        // The busy button dropped focus: back to the kept text, below the error that says why.
        document.getElementById('reply-editor')?.focus();
        throw error;
      });
      setContent('');
      // Open the page that holds the new reply (the last one), and focus it there.
      if (reply) {
        onPosted(reply.id);
        setSearch({ reply: reply.id });
      }
    },
    failure: writeFailure(REPLY_POST_ERROR),
  });

  return (
    <form
      noValidate
      // Spec 2 section 5: a blank reply is ignored.
      onSubmit={(event) => (isBlankRichText(content) ? event.preventDefault() : handleSubmit(event))}
      className="mt-10 space-y-3"
      aria-labelledby="reply-form-heading"
    >
      <h2 id="reply-form-heading" className="text-xl font-semibold">
        Write a reply
      </h2>
      {formError && <Alert tone="error">{formError}</Alert>}
      <RichTextEditor
        id="reply-editor"
        field="content"
        label="Your reply"
        value={content}
        onChange={(html) => {
          setContent(html);
          clearError('content');
        }}
        height={300}
        uploadImage={uploadForumImage}
        error={errors.content}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={submitting}>
          Post Reply
        </Button>
      </div>
    </form>
  );
}
