import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../lib/router';
import { Mail, Send, Upload, XCircle } from 'lucide-react';
import {
  CSV_CHOOSE_FILE,
  CSV_FILE_HINT,
  CSV_FILE_LABEL,
  CSV_TOO_LARGE,
  INVITATIONS_INTRO,
  INVITATION_CSV_MAX,
  INVITATION_REVOKED_NOTICE,
  INVITATION_SENDS_MAX,
  INVITATION_SENT_AGAIN_NOTICE,
  INVITATION_STATUS_WORDS,
  PREVIEW_BUTTON,
  REVOKE_BUTTON,
  SEND_AGAIN_BUTTON,
  SKIP_PROBLEMS_LABEL,
  invitationTotalsText,
  invitationsSent,
  sendInvitationsButton,
  type Invitation,
  type InvitationStatus,
  type InvitationsPreviewResponse,
} from '../../../shared/invitations';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog, DialogClose } from '../../components/dialog';
import { FieldFrame } from '../../components/field-frame';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useInvitationAction, useInvitations, usePreviewInvitations, useSendInvitations } from './invitations-api';

// The Invitations tab (issue 35): choose a CSV file, preview its rows with each one's problem,
// send; then the invitations with their totals, and Revoke or Send again on each. The file's
// text lives in this screen only until it is sent (the list is not kept). Every status is a word
// in a badge; after an action that removes the button pressed, focus moves to what it said.

const STATUS_TONE: Record<InvitationStatus, 'neutral' | 'brand' | 'success' | 'danger'> = {
  pending: 'brand',
  joined: 'success',
  expired: 'neutral',
  revoked: 'danger',
};

/** Rows the preview table shows at once: a long list is summed up, its problems first to see. */
const PREVIEW_SHOWN = 200;

/** Focus on an element as it appears (a callback ref: called once per mount). */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const day = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;

interface Loaded {
  /** Each preview's own, so the table's choices start afresh. */
  version: number;
  fileName: string;
  csv: string;
  preview: InvitationsPreviewResponse;
}

export default function InvitationsTab() {
  return (
    <div className="space-y-8">
      <p className="text-sm text-fg-muted">{INVITATIONS_INTRO}</p>
      <ImportSection />
      <ListSection />
    </div>
  );
}

function ImportSection() {
  const headingId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewInvitations();
  const send = useSendInvitations();
  const [fileError, setFileError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [skip, setSkip] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  async function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFileError(null);
    setSendError(null);
    setResult(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setFileError(CSV_CHOOSE_FILE);
      fileRef.current?.focus();
      return;
    }
    // The limit counts characters, which take up to four bytes each: the text decides, and a
    // file more than four times over in bytes is refused unread.
    const csv = file.size > INVITATION_CSV_MAX * 4 ? null : await file.text();
    if (csv === null || csv.length > INVITATION_CSV_MAX) {
      setFileError(CSV_TOO_LARGE);
      fileRef.current?.focus();
      return;
    }
    try {
      const answer = await preview.mutateAsync({ csv });
      setLoaded((before) => ({ version: (before?.version ?? 0) + 1, fileName: file.name, csv, preview: answer }));
      setSkip(false);
    } catch (error) {
      setLoaded(null);
      setFileError(errorMessage(error));
      fileRef.current?.focus();
    }
  }

  async function handleSend() {
    if (!loaded) return;
    setSendError(null);
    try {
      const { invited, skipped } = await send.mutateAsync({ csv: loaded.csv, skipProblems: skip });
      // The list is not kept, here either.
      setLoaded(null);
      if (fileRef.current) fileRef.current.value = '';
      setResult(invitationsSent(invited, skipped));
    } catch (error) {
      setSendError(errorMessage(error));
    }
  }

  function handleCancel() {
    setLoaded(null);
    setSendError(null);
    if (fileRef.current) fileRef.current.value = '';
    fileRef.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Invite from a list
      </h2>
      <form noValidate onSubmit={(event) => void handlePreview(event)} className="flex flex-col gap-4">
        <FieldFrame label={CSV_FILE_LABEL} hint={CSV_FILE_HINT} error={fileError ?? undefined}>
          {({ inputId, describedBy }) => (
            <input
              ref={fileRef}
              id={inputId}
              name="csv"
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-describedby={describedBy}
              aria-invalid={fileError ? true : undefined}
              onChange={() => setFileError(null)}
              className={cn(
                'w-full max-w-full text-sm text-fg',
                'file:mr-3 file:h-10 file:rounded-lg file:border file:border-line-strong file:bg-surface',
                'file:px-4 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-2',
              )}
            />
          )}
        </FieldFrame>
        <div>
          <Button type="submit" variant="secondary" loading={preview.isPending}>
            <Upload aria-hidden="true" />
            {PREVIEW_BUTTON}
          </Button>
        </div>
      </form>

      {result && (
        // Focused as it appears: the button pressed has gone with the preview.
        <div ref={focusOnMount} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{result}</Alert>
        </div>
      )}

      {loaded && (
        <PreviewPanel
          key={loaded.version}
          loaded={loaded}
          skip={skip}
          onSkip={setSkip}
          sending={send.isPending}
          sendError={sendError}
          onSend={() => void handleSend()}
          onCancel={handleCancel}
        />
      )}
    </section>
  );
}

function PreviewPanel({
  loaded,
  skip,
  onSkip,
  sending,
  sendError,
  onSend,
  onCancel,
}: {
  loaded: Loaded;
  skip: boolean;
  onSkip: (skip: boolean) => void;
  sending: boolean;
  sendError: string | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { rows, counts } = loaded.preview;
  const [only, setOnly] = useState<'all' | 'problems'>(counts.problems > 0 ? 'problems' : 'all');
  const chosen = only === 'problems' ? rows.filter((r) => r.problem !== null) : rows;
  const shown = chosen.slice(0, PREVIEW_SHOWN);
  const title = `Preview of ${loaded.fileName}`;

  return (
    <div className="space-y-4 rounded-xl border border-line bg-surface p-4">
      <div className="space-y-1">
        {/* The preview appears below the button: the reader is taken to it. */}
        <h3 ref={focusOnMount} tabIndex={-1} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-fg-muted">
          {plural(counts.total, 'row')}: {counts.ready.toLocaleString('en-US')} ready to invite,{' '}
          {plural(counts.problems, 'row')} with a problem.
        </p>
      </div>

      {counts.blocking > 0 && (
        <div className="space-y-3">
          <Alert tone="error" title={`${plural(counts.blocking, 'row')} cannot be read as an invitation`}>
            Fix {counts.blocking === 1 ? 'it' : 'them'} in the file and preview it again, or skip{' '}
            {counts.blocking === 1 ? 'it' : 'them'}.
          </Alert>
          <CheckboxField name="skipProblems" label={SKIP_PROBLEMS_LABEL} checked={skip} onChange={onSkip} />
        </div>
      )}
      {counts.problems > counts.blocking && (
        <p className="text-sm text-fg-muted">
          Members and people invited before are left out: they need no invitation.
        </p>
      )}

      {counts.problems > 0 && (
        <SelectField
          label="Show"
          name="show"
          value={only}
          onChange={(event) => setOnly(event.target.value === 'problems' ? 'problems' : 'all')}
          className="w-44"
        >
          <option value="problems">Rows with a problem</option>
          <option value="all">All rows</option>
        </SelectField>
      )}

      {/* Scrolls in its own region, which a keyboard can focus (axe's scrollable-region-focusable). */}
      <div
        role="region"
        aria-label={`${title} table`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto overflow-y-auto rounded-lg border border-line"
        // Inline, not a new utility class: the one stylesheet is the public pages' too (033).
        style={{ maxHeight: '24rem' }}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-line bg-surface-2 text-xs text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                E-mail
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Company
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Position
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {shown.map((row) => (
              <tr key={row.line}>
                <td className="px-3 py-2 text-right text-fg tabular-nums">{row.line}</td>
                <th scope="row" className="px-3 py-2 font-medium break-all text-fg">
                  {row.name}
                </th>
                <td className="px-3 py-2 break-all text-fg">{row.email}</td>
                <td className="px-3 py-2 text-fg">{row.company}</td>
                <td className="px-3 py-2 text-fg">{row.position}</td>
                <td className={cn('px-3 py-2', row.blocking ? 'font-medium text-danger-text' : 'text-fg-muted')}>
                  {row.problem ?? 'Ready'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chosen.length > shown.length && (
        <p className="text-sm text-fg-muted">
          Showing the first {PREVIEW_SHOWN} of {chosen.length.toLocaleString('en-US')} rows.
        </p>
      )}

      {sendError && (
        <Alert tone="error" title="Nothing was sent">
          {sendError}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {counts.ready > 0 ? (
          <Button onClick={onSend} loading={sending}>
            <Send aria-hidden="true" />
            {sendInvitationsButton(counts.ready)}
          </Button>
        ) : (
          <p className="text-sm text-fg-muted">Nobody on this list can be invited.</p>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          <XCircle aria-hidden="true" />
          Choose another file
        </Button>
      </div>
    </div>
  );
}

function ListSection() {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const invitations = useInvitations(page);
  const revoke = useInvitationAction('revoke');
  const resend = useInvitationAction('resend');
  const [confirming, setConfirming] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; n: number } | null>(null);
  const noticeRef = useRef<HTMLDivElement | null>(null);
  // Stable, so it runs once per notice (each is keyed by its number), not on every render.
  const noticeMounted = useCallback((element: HTMLDivElement | null) => {
    noticeRef.current = element;
    element?.focus();
  }, []);
  /** An action has just said how it went: focus goes there when its dialog closes. */
  const toNotice = useRef(false);
  const data = invitations.data;
  const pageCount = data ? Math.ceil(data.totals.invited / data.pageSize) : 0;

  /** Says how an action went, with focus on the words: the button pressed may be gone. */
  function tell(tone: 'success' | 'error', text: string) {
    setNotice((before) => ({ tone, text, n: (before?.n ?? 0) + 1 }));
    toNotice.current = true;
  }

  async function handleRevoke() {
    if (!confirming) return;
    try {
      await revoke.mutateAsync(confirming.id);
      tell('success', INVITATION_REVOKED_NOTICE);
    } catch (error) {
      tell('error', errorMessage(error));
    } finally {
      setConfirming(null);
    }
  }

  async function handleResend(item: Invitation) {
    try {
      await resend.mutateAsync(item.id);
      tell('success', INVITATION_SENT_AGAIN_NOTICE);
    } catch (error) {
      tell('error', errorMessage(error));
    }
  }

  const open = (item: Invitation) => item.status === 'pending' || item.status === 'expired';

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Invitations
        </h2>
        {data && (
          <p className="text-sm text-fg-muted">
            <span className="font-semibold text-fg">{invitationTotalsText(data.totals)}</span>
            {` · ${data.totals.pending} pending, ${data.totals.expired} expired, ${data.totals.revoked} revoked`}
          </p>
        )}
      </div>
      {notice && (
        <div key={notice.n} ref={noticeMounted} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      <AdminList
        tab="invitations"
        query={invitations}
        items={data?.invitations}
        itemName={(item) => item.name}
        renderItem={(item) => (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="min-w-48 flex-1">
              <p className="font-medium break-all text-fg">{item.name}</p>
              <p className="text-sm break-all text-fg-muted">{item.email}</p>
              {(item.company || item.position) && (
                <p className="text-sm text-fg-muted">{[item.position, item.company].filter(Boolean).join(', ')}</p>
              )}
              <p className="text-xs text-fg-muted">
                Invited {day(item.invitedAt)}
                {item.sendCount > 1 && <> · sent again {day(item.sentAt)}</>}
                {item.status === 'joined' && item.joinedAt && <> · joined {day(item.joinedAt)}</>}
                {item.status === 'revoked' && item.revokedAt && <> · revoked {day(item.revokedAt)}</>}
                {item.status === 'pending' && <> · link valid until {day(item.expiresAt)}</>}
                {item.status === 'expired' && <> · link expired {day(item.expiresAt)}</>}
              </p>
            </div>
            <Badge tone={STATUS_TONE[item.status]}>{INVITATION_STATUS_WORDS[item.status]}</Badge>
          </div>
        )}
        actions={(item) =>
          open(item) ? (
            <>
              {item.sendCount < INVITATION_SENDS_MAX && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resend.isPending && resend.variables === item.id}
                  onClick={() => void handleResend(item)}
                  aria-label={`${SEND_AGAIN_BUTTON} to ${item.name}`}
                >
                  <Mail aria-hidden="true" />
                  {SEND_AGAIN_BUTTON}
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="text-danger-text"
                onClick={() => setConfirming(item)}
                aria-label={`${REVOKE_BUTTON} the invitation of ${item.name}`}
              >
                <XCircle aria-hidden="true" />
                {REVOKE_BUTTON}
              </Button>
            </>
          ) : null
        }
        footer={
          <Pagination
            page={page}
            pageCount={pageCount}
            to={(n) => `${paths.adminTab('invitations')}${n > 1 ? `&page=${n}` : ''}`}
            label="Invitation pages"
          />
        }
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && !revoke.isPending && setConfirming(null)}
        title={confirming ? `Revoke the invitation of ${confirming.name}?` : 'Revoke'}
        description="The link in their e-mail stops working. They can still register on their own."
        // Focus goes to what the revoke said, not back to a button that is gone.
        onCloseAutoFocus={(event) => {
          if (toNotice.current && noticeRef.current) {
            event.preventDefault();
            noticeRef.current.focus();
          }
          toNotice.current = false;
        }}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={revoke.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={revoke.isPending} onClick={() => void handleRevoke()}>
              {REVOKE_BUTTON}
            </Button>
          </>
        }
      />
    </section>
  );
}
