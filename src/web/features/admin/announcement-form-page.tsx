import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Eye, Mail, RotateCw, Send, Trash2, X } from 'lucide-react';
import type { z } from 'zod';
import {
  ANNOUNCEMENT_NOT_EDITABLE,
  ANNOUNCEMENT_NOT_FOUND,
  ANNOUNCEMENT_SEND_AT_PAST,
  STATUS_WORDS,
  announcementInput,
  type AdminAnnouncement,
} from '../../../shared/announcements';
import { COMMUNITY_TIME_ZONE, toInstant, toLocalInput } from '../../../shared/event-admin';
import { SUBJECT_MAX } from '../../../shared/limits';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { NotFound } from '../../components/not-found';
import { RichText } from '../../components/rich-text';
import { RichTextEditor } from '../../components/rich-text-editor';
import { SavedStatus, savedState } from '../../components/saved-status';
import { PageSpinner, Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { textLinkClasses } from '../../components/text-link';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useForm, withServerReason } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useDebounced } from '../../lib/search';
import { formatDateTime } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProgressBar, progressWords, whenWords } from './announcement-parts';
import {
  announcementKeys,
  uploadAnnouncementImage,
  useAnnouncement,
  useAnnouncementFailures,
  useAnnouncementPreview,
  useAudienceCount,
  useCancelAnnouncement,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useRetryAnnouncement,
  useSendAnnouncement,
  useSendTest,
  useUpdateAnnouncement,
} from './announcements-api';
import { AudiencePicker, RecipientCount } from './audience-picker';
import { audienceOf, countableAudience, draftOf, recipientWords, type AudienceDraft } from './audience-draft';

// An announcement (issue 35), from draft to sent. /admin/announcements/create writes a draft;
// /admin/announcements/:id is one announcement: its form while it is a draft (or its schedule was
// cancelled), with Preview, Send me a test, Send now and Schedule, each of which saves the changes
// first; once scheduled, what goes out when, and Cancel schedule; once it is going out, how far
// it has come, the mails that failed and Retry failed.

const BACK = paths.adminTab('announcements');
/** The community's clock: a scheduled time is typed and shown on it, wherever the admin is. */
const TIME_ZONE = COMMUNITY_TIME_ZONE;
const TYPING_PAUSE_MS = 400;

type Input = z.input<typeof announcementInput>;
type Intent = 'save' | 'preview' | 'test' | 'send' | 'schedule';

/** What a refusal that names no field says, by what was being done. */
const FAILURES: Record<Intent, string> = {
  save: 'Failed to save the announcement',
  preview: 'Failed to save the announcement',
  test: 'Failed to send the test',
  send: 'Failed to save the announcement',
  schedule: 'Failed to schedule the announcement',
};

interface Values {
  subject: string;
  bodyHtml: string;
  audience: AudienceDraft;
  /** Not chosen yet on a new one: who may read it is a choice to make, not a default. */
  membersOnly: boolean | null;
}

const valuesOf = (a: AdminAnnouncement | null): Values => ({
  subject: a?.subject ?? '',
  bodyHtml: a?.bodyHtml ?? '',
  audience: draftOf(a?.audience ?? null),
  membersOnly: a ? a.membersOnly : null,
});

/** The request body as typed (the schema checks it here and again on the server). An unchosen
 * archive setting is sent as null, which the schema refuses with its own message. */
const inputOf = (v: Values): Input => ({
  subject: v.subject,
  bodyHtml: v.bodyHtml,
  audience: audienceOf(v.audience),
  membersOnly: v.membersOnly as boolean,
});

const editable = (a: AdminAnnouncement) => a.status === 'draft' || a.status === 'cancelled';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to={BACK}
        className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** /admin/announcements/create */
export function AnnouncementCreatePage() {
  return (
    <Frame title="New announcement">
      <AnnouncementEditor announcement={null} />
    </Frame>
  );
}

/** /admin/announcements/:announcementId */
export function AnnouncementPage() {
  const { announcementId = '' } = useParams();
  const query = useAnnouncement(announcementId);
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;

  if (notFound) {
    return (
      <NotFound title={ANNOUNCEMENT_NOT_FOUND} text="The announcement you're looking for doesn't exist.">
        <ButtonLink to={BACK}>
          <ArrowLeft aria-hidden="true" />
          Back to Admin Dashboard
        </ButtonLink>
      </NotFound>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading the announcement" />;
  if (query.isError) {
    return (
      <Frame title="Announcement">
        <Alert tone="error" className="mt-6">
          Failed to load the announcement
        </Alert>
      </Frame>
    );
  }
  const announcement = query.data;
  return (
    <Frame title={editable(announcement) ? 'Edit announcement' : 'Announcement'}>
      {/* "Draft saved." from the new announcement's form; gone once it moves on. */}
      {announcement.status === 'draft' && <SavedStatus className="mt-4" />}
      <StatusPanel announcement={announcement} />
      {editable(announcement) ? (
        <AnnouncementEditor key={announcement.id} announcement={announcement} />
      ) : (
        <AnnouncementSummary announcement={announcement} />
      )}
    </Frame>
  );
}

/** Where the announcement stands. When an action moves it on (sent, scheduled, cancelled), the
 * button pressed is gone with the screen it was on: focus comes here, not to the page body. */
function StatusPanel({ announcement: a }: { announcement: AdminAnnouncement }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(a.status);
  useEffect(() => {
    if (shown.current === a.status) return;
    shown.current = a.status;
    // After a closing dialog has put focus back where it can (its trigger, gone by now), and
    // after the app's route focus has put focus it found lost on the screen's heading (a screen
    // just opened): the outcome is said here.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      const parked = active instanceof HTMLHeadingElement && active.tagName === 'H1' && active.tabIndex === -1;
      if (!active || active === document.body || !active.isConnected || parked) heading.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [a.status]);

  return (
    <section
      aria-labelledby="announcement-status"
      className="mt-6 space-y-3 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="announcement-status" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {`Status: ${STATUS_WORDS[a.status]}`}
        </h2>
        <p className="text-sm text-fg-muted">{whenWords(a)}</p>
      </div>
      {a.status === 'scheduled' && <ScheduledPanel announcement={a} />}
      {(a.status === 'sending' || a.status === 'sent') && <ProgressPanel announcement={a} />}
      {a.status === 'cancelled' && (
        <p className="text-sm text-fg-muted">
          The schedule was cancelled and nothing was sent. Change what you need, then send it or schedule it again.
        </p>
      )}
    </section>
  );
}

function ScheduledPanel({ announcement: a }: { announcement: AdminAnnouncement }) {
  const cancel = useCancelAnnouncement(a.id);
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg">
        {`It goes out ${a.sendAt ? formatDateTime(a.sendAt) : 'soon'} (${TIME_ZONE} time). Cancel the schedule to change it.`}
      </p>
      {cancel.isError && <Alert tone="error">{withServerReason('Failed to cancel the schedule', cancel.error)}</Alert>}
      <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
        <X aria-hidden="true" />
        Cancel schedule
      </Button>
    </div>
  );
}

function ProgressPanel({ announcement: a }: { announcement: AdminAnnouncement }) {
  const { failed } = a.progress;
  const failures = useAnnouncementFailures(a.id, failed);
  const retry = useRetryAnnouncement(a.id);
  const [retried, setRetried] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg" aria-live="polite">
        {progressWords(a)}
      </p>
      {a.status === 'sending' && <ProgressBar announcement={a} label="Sending progress" />}
      {failed > 0 && (
        <div className="space-y-3 pt-2">
          <h3 className="font-semibold">{`Mails that failed (${failed.toLocaleString('en-US')})`}</h3>
          {failures.isError ? (
            <Alert tone="error">Failed to load the failed mails</Alert>
          ) : !failures.data ? (
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              <Spinner label="" /> Loading the failed mails…
            </p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-line">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Mails that failed</caption>
                <thead className="bg-surface-2 text-fg-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      E-mail
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {failures.data.map((f) => (
                    <tr key={f.email}>
                      <td className="px-3 py-2">{f.name}</td>
                      <td className="px-3 py-2 break-all">{f.email}</td>
                      <td className="px-3 py-2 text-fg-muted">{f.error ?? 'Not known'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {retry.isError && <Alert tone="error">{withServerReason('Failed to retry the mails', retry.error)}</Alert>}
          {retried && !retry.isError && !retry.isPending && (
            <Alert tone="success">The failed mails are queued to be sent again.</Alert>
          )}
          <Button
            variant="secondary"
            loading={retry.isPending}
            onClick={() => {
              setRetried(false);
              retry.mutate(undefined, { onSuccess: () => setRetried(true) });
            }}
          >
            <RotateCw aria-hidden="true" />
            Retry failed
          </Button>
        </div>
      )}
    </div>
  );
}

/** A scheduled or sent announcement: what it says and who gets it (changed only by cancelling a
 * schedule), its preview, and a test while it has not gone out. */
function AnnouncementSummary({ announcement: a }: { announcement: AdminAnnouncement }) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const test = useSendTest(a.id);
  const out = a.status === 'sending' || a.status === 'sent';
  return (
    <div className="mt-6 space-y-6">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-fg-muted">Subject</dt>
        <dd className="font-medium text-fg">{a.subject}</dd>
        <dt className="font-medium text-fg-muted">Who gets it</dt>
        <dd>{a.audienceWords}</dd>
        <dt className="font-medium text-fg-muted">In the news archive</dt>
        <dd>
          {a.membersOnly ? 'Members only' : 'Everyone'}
          {out && (
            <>
              {' · '}
              <Link to={paths.newsArticle(a.id)} className={textLinkClasses}>
                Read it in the news archive
              </Link>
            </>
          )}
        </dd>
      </dl>
      {test.isError && <Alert tone="error">{withServerReason(FAILURES.test, test.error)}</Alert>}
      {test.data && <Alert tone="success">{`Test sent to ${test.data.to}`}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
          <Eye aria-hidden="true" />
          Preview
        </Button>
        {!out && (
          <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
            <Mail aria-hidden="true" />
            Send me a test
          </Button>
        )}
      </div>
      <section aria-labelledby="announcement-body">
        <h2 id="announcement-body" className="text-lg font-semibold">
          The message
        </h2>
        <RichText html={a.bodyHtml} className="mt-3 rounded-xl border border-line bg-surface p-4" />
      </section>
      <PreviewDialog id={a.id} open={previewOpen} onOpenChange={setPreviewOpen} />
    </div>
  );
}

/** The form of a new announcement (null) or of a draft or cancelled one. */
function AnnouncementEditor({ announcement }: { announcement: AdminAnnouncement | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = announcement?.id ?? '';
  const [values, setValues] = useState(() => valuesOf(announcement));
  // What was last saved, as typed: the actions save first only when something changed.
  const [savedInput, setSavedInput] = useState(() =>
    announcement ? JSON.stringify(inputOf(valuesOf(announcement))) : null,
  );
  const dirty = JSON.stringify(inputOf(values)) !== savedInput;
  const [sendAt, setSendAt] = useState('');
  const [sendAtError, setSendAtError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const intent = useRef<Intent>('save');
  const [acting, setActing] = useState<Intent | null>(null);
  const scheduleAt = useRef<string | null>(null);
  const sendAtId = useId();

  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement(id);
  const test = useSendTest(id);
  const send = useSendAnnouncement(id);
  const remove = useDeleteAnnouncement();

  // The count follows the audience once the typing stops.
  const countable = useMemo(() => countableAudience(values.audience), [values.audience]);
  const counted = useDebounced(countable, TYPING_PAUSE_MS);
  const count = useAudienceCount(counted);
  // The confirmation names the count of the audience as saved, not one a moment old.
  const sendCount = useAudienceCount(confirmSend ? countable : null);

  const { errors, formError, handleSubmit, handleInput, clearError } = useForm({
    schema: announcementInput,
    values: () => inputOf(values),
    submit: async (data: z.output<typeof announcementInput>) => {
      const current = intent.current;
      if (!announcement) {
        const created = await create.mutateAsync(data);
        await navigate(paths.announcement(created.id), { replace: true, state: savedState('Draft saved.') });
        return;
      }
      if (dirty) {
        try {
          await update.mutateAsync(data);
        } catch (error) {
          // Scheduled or sent meanwhile (another admin, another tab): show it as it now is.
          if (error instanceof ApiRequestError && error.code === ANNOUNCEMENT_NOT_EDITABLE)
            void queryClient.invalidateQueries({ queryKey: announcementKeys.detail(id) });
          throw error;
        }
        setSavedInput(JSON.stringify(inputOf(values)));
      }
      switch (current) {
        case 'save':
          setNotice('Draft saved.');
          break;
        case 'preview':
          setPreviewOpen(true);
          break;
        case 'test': {
          const { to } = await test.mutateAsync();
          setNotice(`Test sent to ${to}`);
          break;
        }
        case 'send':
          send.reset();
          setConfirmSend(true);
          break;
        case 'schedule':
          await send.mutateAsync(scheduleAt.current);
          break;
      }
    },
    failure: (error) => withServerReason(FAILURES[intent.current], error),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const pressed = (submitter instanceof HTMLButtonElement && (submitter.value as Intent)) || 'save';
    intent.current = pressed;
    setNotice(null);
    if (pressed === 'schedule') {
      const instant = sendAt ? toInstant(sendAt, TIME_ZONE) : null;
      const problem = !sendAt
        ? 'Choose the date and time to send it.'
        : !instant
          ? 'Enter a date and time'
          : instant.getTime() <= Date.now()
            ? ANNOUNCEMENT_SEND_AT_PAST
            : null;
      if (problem || !instant) {
        event.preventDefault();
        setSendAtError(problem ?? undefined);
        document.getElementById(sendAtId)?.focus();
        return;
      }
      scheduleAt.current = instant.toISOString();
    }
    setActing(pressed);
    handleSubmit(event);
  }
  // The busy button is the one pressed, until its work is done.
  const busy = (which: Intent) =>
    acting === which &&
    (create.isPending || update.isPending || test.isPending || (which === 'schedule' && send.isPending));

  function set<K extends keyof Values>(key: K, value: Values[K], field: string = key) {
    setValues((v) => ({ ...v, [key]: value }));
    setNotice(null);
    clearError(field);
  }

  async function confirmSendNow() {
    await send.mutateAsync(null).catch(() => undefined);
    // Once it is sent the page shows its progress; a refusal stays in the dialog.
  }

  async function handleDelete() {
    try {
      await remove.mutateAsync(id);
      await navigate(BACK, { state: savedState('Announcement deleted.') });
    } catch {
      // Said in the dialog.
    }
  }

  const n = sendCount.data?.count ?? count.data?.count;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
      <div className="space-y-5" onInput={handleInput}>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={SUBJECT_MAX}
          value={values.subject}
          error={errors.subject}
          onChange={(e) => set('subject', e.target.value)}
        />
        <RichTextEditor
          label="Message"
          field="bodyHtml"
          hint="Shown as written in the e-mail and in the news archive. Images and links are welcome."
          value={values.bodyHtml}
          onChange={(html) => set('bodyHtml', html)}
          height={400}
          uploadImage={uploadAnnouncementImage}
          error={errors.bodyHtml}
        />
        <fieldset className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-base font-semibold">Who gets the e-mail</legend>
          <AudiencePicker
            value={values.audience}
            errors={errors}
            onChange={(audience) => {
              setValues((v) => ({ ...v, audience }));
              setNotice(null);
            }}
          />
          <RecipientCount audience={countable} count={count} />
          <p className="text-sm text-fg-muted">Members who turned Community news off never get it.</p>
        </fieldset>
        <ArchiveChoice
          value={values.membersOnly}
          error={errors.membersOnly}
          onChange={(membersOnly) => set('membersOnly', membersOnly)}
        />
      </div>

      <section aria-labelledby={`${sendAtId}-heading`} className="space-y-4 border-t border-line pt-5">
        <h2 id={`${sendAtId}-heading`} className={announcement ? 'text-lg font-semibold' : 'sr-only'}>
          {announcement ? 'Check and send' : 'Save'}
        </h2>
        {formError && <Alert tone="error">{formError}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        {!announcement && (
          <p className="text-sm text-fg-muted">
            Save the draft to preview it, send yourself a test, and send or schedule it.
          </p>
        )}
        {announcement && dirty && (
          <p className="text-sm text-fg-muted">You have unsaved changes: each button below saves them first.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {/* First in the form: Enter in a field saves. */}
          <Button
            type="submit"
            name="intent"
            value="save"
            variant={announcement ? 'secondary' : 'primary'}
            loading={busy('save')}
          >
            Save draft
          </Button>
          {announcement && (
            <>
              <Button type="submit" name="intent" value="preview" variant="secondary" loading={busy('preview')}>
                <Eye aria-hidden="true" />
                Preview
              </Button>
              <Button type="submit" name="intent" value="test" variant="secondary" loading={busy('test')}>
                <Mail aria-hidden="true" />
                Send me a test
              </Button>
            </>
          )}
        </div>
        {announcement && (
          <>
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
              <TextField
                id={sendAtId}
                label="Send at"
                name="sendAt"
                type="datetime-local"
                hint={`In the community's time zone (${TIME_ZONE}).`}
                min={toLocalInput(new Date(), TIME_ZONE)}
                value={sendAt}
                error={sendAtError ?? errors.sendAt}
                onChange={(e) => {
                  setSendAt(e.target.value);
                  setSendAtError(undefined);
                  clearError('sendAt');
                }}
                className="min-w-0 grow sm:max-w-xs"
              />
              {/* Level with the field, below its label (about as tall as mt-6). */}
              <Button
                type="submit"
                name="intent"
                value="schedule"
                variant="secondary"
                loading={busy('schedule')}
                className="mt-6"
              >
                <CalendarClock aria-hidden="true" />
                Schedule
              </Button>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
              <Button type="submit" name="intent" value="send" loading={busy('send')}>
                <Send aria-hidden="true" />
                Send now
              </Button>
              <Button variant="ghost" className="text-danger-text" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" />
                {announcement.status === 'draft' ? 'Delete draft' : 'Delete announcement'}
              </Button>
            </div>
          </>
        )}
      </section>

      {announcement && (
        <>
          <PreviewDialog id={id} open={previewOpen} onOpenChange={setPreviewOpen} />
          <Dialog
            open={confirmSend}
            onOpenChange={(open) => !open && !send.isPending && setConfirmSend(false)}
            title="Send it now?"
            description={`“${values.subject.trim()}” goes by e-mail ${n === undefined ? 'to its audience' : `to ${plural(n, 'member')}`} now, and into the news archive for ${values.membersOnly ? 'members only' : 'everyone'}. This cannot be undone.`}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary" disabled={send.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button loading={send.isPending} onClick={() => void confirmSendNow()}>
                  <Send aria-hidden="true" />
                  {n === undefined ? 'Send now' : `Send to ${plural(n, 'member')}`}
                </Button>
              </>
            }
          >
            {send.isError ? (
              <Alert tone="error">{withServerReason('Failed to send the announcement', send.error)}</Alert>
            ) : sendCount.data ? (
              <p className="text-sm text-fg-muted">{recipientWords(sendCount.data)}</p>
            ) : null}
          </Dialog>
          <Dialog
            open={confirmDelete}
            onOpenChange={(open) => !open && !remove.isPending && setConfirmDelete(false)}
            title={announcement.status === 'draft' ? 'Delete this draft?' : 'Delete this announcement?'}
            description={`“${values.subject.trim() || 'This announcement'}” has not been sent: deleting it removes the draft. This cannot be undone.`}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary" disabled={remove.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button variant="danger" loading={remove.isPending} onClick={() => void handleDelete()}>
                  Delete
                </Button>
              </>
            }
          >
            {remove.isError && (
              <Alert tone="error">{withServerReason('Failed to delete the announcement', remove.error)}</Alert>
            )}
          </Dialog>
        </>
      )}
    </form>
  );
}

/** Everyone or members only, for the news archive (the e-mail goes to the audience either way). */
function ArchiveChoice({
  value,
  error,
  onChange,
}: {
  value: boolean | null;
  error?: string;
  onChange: (membersOnly: boolean) => void;
}) {
  const id = useId();
  const options: [boolean, string, string][] = [
    [false, 'Everyone', 'Anyone can read it on the News page and in its RSS feed.'],
    [true, 'Members only', 'Only signed-in members can read it; a visitor with its link is asked to sign in.'],
  ];
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-line p-4"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-base font-semibold">Who may read it in the news archive</legend>
      {options.map(([membersOnly, label, hint]) => {
        const optionId = `${id}-${membersOnly ? 'members' : 'everyone'}`;
        return (
          <div key={label} className="flex items-start gap-3">
            <input
              id={optionId}
              type="radio"
              name="membersOnly"
              value={membersOnly ? 'members' : 'everyone'}
              checked={value === membersOnly}
              onChange={() => onChange(membersOnly)}
              aria-describedby={`${optionId}-hint`}
              className="mt-0.5 size-6 shrink-0 accent-brand"
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <label htmlFor={optionId} className="min-h-6 text-sm font-medium text-fg">
                {label}
              </label>
              <p id={`${optionId}-hint`} className="text-sm text-fg-muted">
                {hint}
              </p>
            </div>
          </div>
        );
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The mail as the sender builds it: its HTML in a sandboxed frame (no script, no same origin),
 * and its text part. */
function PreviewDialog({
  id,
  open,
  onOpenChange,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = useAnnouncementPreview(id, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Preview"
      description={preview.data ? `Subject: ${preview.data.subject}` : 'The e-mail as members will get it.'}
      className="max-w-3xl"
      footer={
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      }
    >
      {preview.isError ? (
        <Alert tone="error">{`Failed to make the preview: ${errorMessage(preview.error)}`}</Alert>
      ) : !preview.data ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner label="" /> Making the preview…
        </p>
      ) : (
        <div className="space-y-4">
          <iframe
            title="The e-mail as members will see it"
            sandbox=""
            srcDoc={preview.data.html}
            className="h-72 min-h-[40vh] w-full rounded-lg border border-line bg-white"
          />
          <details className="rounded-lg border border-line">
            <summary className="min-h-6 cursor-pointer px-3 py-2 text-sm font-medium">Text version</summary>
            <pre className="overflow-x-auto p-3 text-sm whitespace-pre-wrap">{preview.data.text}</pre>
          </details>
        </div>
      )}
    </Dialog>
  );
}
