import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router';
import {
  type AdminEventResponse,
  CAPACITY_BELOW_TAKEN,
  EVENT_ADMIN_TEXTS,
  WHAT_TO_BRING_HINT,
  WHAT_TO_BRING_MAX,
  eventInput,
  type EventFormValues,
  type EventInputDraft,
  EVENT_CATEGORY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_NAME_MAX,
  EVENT_SUMMARY_MAX,
} from '../../../shared/event-admin';
import { EVENT_STATUSES, type EventStatus } from '../../../shared/events';
import { recurrenceRule } from '../../../shared/recurrence';
import { SERIES_UI_MESSAGES, type SeriesInputDraft, type SeriesLink } from '../../../shared/series';
import { DESCRIPTION_COLLAPSE_AT } from '../../../shared/event-texts';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { RichTextEditor } from '../../components/rich-text-editor';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
import { useForm, type FormRules } from '../../lib/form';
import { paths } from '../../lib/paths';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { SavedStatus, savedState } from '../../components/saved-status';
import { ImageUploadField } from './image-upload-field';
import { EventImageList } from './event-form-images';
import { EventSponsorPicker } from './event-form-sponsors';
import { DOOR_STAFF_FAILED, EventDoorStaff, type DoorStaffMember } from './event-door-staff';
import {
  removeEventImage,
  removeGalleryImage,
  saveDoorStaff,
  uploadEventImage,
  uploadGallery,
  useAdminSeries,
  useCreateSeries,
  useEditSeries,
} from './events-api';
import { SeriesDatePanel, SeriesFields } from './series-fields';
import {
  NO_REPEAT,
  repeatFieldName,
  repeatFromRule,
  ruleDraft,
  type RepeatState,
  type SeriesScope,
} from './series-rule';

// The event form (spec 2 sections 3 and 5), for create, edit and duplicate. Checked before
// sending with the same schema the server applies; the server's field errors land on the fields.

type FormState = {
  name: string;
  summary: string;
  description: string;
  content: string;
  location: string;
  category: string;
  status: EventStatus;
  startTime: string;
  endTime: string;
  maxAttendees: string;
  whatToBring: string;
  imageUrl: string;
  galleryUrls: string[];
  panelistsUrls: string[];
  videoUrl: string;
  slidesUrl: string;
  isFeatured: boolean;
  recapVideoUrl: string;
  recapDescription: string;
  recapThumbnailUrl: string;
  sponsorIds: string[];
};
type Field = keyof FormState;

function toState(v: EventFormValues): FormState {
  return {
    name: v.name,
    summary: v.summary ?? '',
    description: v.description ?? '',
    content: v.content ?? '',
    location: v.location ?? '',
    category: v.category ?? '',
    status: v.status,
    startTime: v.startTime,
    endTime: v.endTime,
    maxAttendees: v.maxAttendees === null ? '' : String(v.maxAttendees),
    whatToBring: v.whatToBring ?? '',
    imageUrl: v.imageUrl ?? '',
    galleryUrls: v.galleryUrls,
    panelistsUrls: v.panelistsUrls,
    videoUrl: v.videoUrl ?? '',
    slidesUrl: v.slidesUrl ?? '',
    isFeatured: v.isFeatured,
    recapVideoUrl: v.recapVideoUrl ?? '',
    recapDescription: v.recapDescription ?? '',
    recapThumbnailUrl: v.recapThumbnailUrl ?? '',
    sponsorIds: v.sponsorIds,
  };
}

/** Where each text shows on the event's page, so the admin knows which to write where (issue 39). */
const FIELD_HINTS = {
  summary: "One line under the event's name, on its page and on its card in the events list.",
  description: `A short introduction in plain text, under the summary at the top of the page (longer than ${DESCRIPTION_COLLAPSE_AT} characters, it folds behind Show More).`,
  content:
    'The body of the page, under "About This Event": the program, speakers and details, with formatting and pictures.',
};

type FormInput = { event: EventInputDraft; repeat: unknown };
type Issue = { path: readonly PropertyKey[]; message: string };

/** The event's schema, and the series rule's when the event repeats (its paths under `repeat.`). */
const formRules: FormRules<FormInput, FormInput> = {
  safeParse(input) {
    const event = eventInput.safeParse(input.event);
    const repeat = input.repeat === null ? null : recurrenceRule.safeParse(input.repeat);
    const issues: Issue[] = [
      ...(event.success ? [] : event.error.issues),
      ...(repeat && !repeat.success ? repeat.error.issues.map((i) => ({ ...i, path: ['repeat', ...i.path] })) : []),
    ];
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: input };
  },
};

/** The control a path shows on: the series routes name the event's fields `event.<field>`. */
const fieldNameOf = (path: string) =>
  path.startsWith('repeat.') ? repeatFieldName(path) : path.replace(/^event\./, '').split('.')[0]!;

const STATUS_LABELS: Record<EventStatus, string> = { upcoming: 'Upcoming', ongoing: 'Ongoing', completed: 'Completed' };
const fieldId = (field: Field) => `event-${field}`;

/**
 * Uploads made by this form, removed again when it is left without saving (Cancel, Back, another
 * link): no file stays stored that no event refers to. The server keeps any an event uses.
 */
function useUnsavedUploads() {
  const uploaded = useRef(new Set<string>());
  useEffect(() => {
    const pending = uploaded.current;
    return () => {
      for (const url of pending) void removeEventImage(url).catch(() => undefined);
    };
  }, []);
  return {
    upload: async (file: File, folder: Parameters<typeof uploadEventImage>[1]) => {
      const url = await uploadEventImage(file, folder);
      uploaded.current.add(url);
      return url;
    },
    saved: () => uploaded.current.clear(),
  };
}

export function EventForm({
  title,
  submitLabel,
  failedText,
  initial,
  eventId,
  seatsTaken,
  timeZone,
  reminders,
  checkIn,
  doorStaff,
  initialFailure,
  save,
  repeats,
}: {
  title: string;
  submitLabel: string;
  /** 'Failed to create event' or 'Failed to update event'. */
  failedText: string;
  initial: EventFormValues;
  /** The saved event's id; without it the gallery cannot take uploads yet. */
  eventId?: string;
  seatsTaken?: number;
  timeZone: string;
  /** The saved event's reminders panel (read-only), shown beside its times. */
  reminders?: ReactNode;
  /** The saved event's live check-in counts. */
  checkIn?: ReactNode;
  /** The saved door staff (none for a new event), or why they could not be loaded. */
  doorStaff: { initial: DoorStaffMember[] } | { unavailable: string };
  /** A failure to show at once (door staff not saved with a new event). */
  initialFailure?: string | null;
  save: (input: EventInputDraft) => Promise<AdminEventResponse>;
  /** A new event may repeat ('new'); a date of a series shows its series and which dates a save changes. */
  repeats?: 'new' | { series: SeriesLink; cancelled: boolean };
}) {
  const queryClient = useQueryClient();
  const initialStaff = 'initial' in doorStaff ? doorStaff.initial : null;
  const [staff, setStaff] = useState<DoorStaffMember[]>(initialStaff ?? []);
  const [staffError, setStaffError] = useState<string | null>(null);
  const navigate = useNavigate();
  const [state, setState] = useState<FormState>(() => toState(initial));
  const { upload, saved } = useUnsavedUploads();
  const [capacityWarning, setCapacityWarning] = useState<string | null>(null);
  const [confirmCapacity, setConfirmCapacity] = useState(false);
  const [repeat, setRepeat] = useState<RepeatState>(NO_REPEAT);
  const [scope, setScope] = useState<SeriesScope>('this');
  const seriesDate = repeats && repeats !== 'new' ? repeats : null;
  const adminSeries = useAdminSeries(seriesDate?.series.id ?? null);
  const createSeries = useCreateSeries();
  const editSeries = useEditSeries(eventId ?? '');
  // The series' own rule fills Repeats for "this and following" and "all" (once, when it arrives).
  const [prefilled, setPrefilled] = useState(false);
  if (adminSeries.data && !prefilled) {
    setPrefilled(true);
    setRepeat(repeatFromRule(adminSeries.data.series.rule));
  }
  const seriesWide = seriesDate !== null && !seriesDate.cancelled && scope !== 'this';
  const showRepeats = repeats === 'new' || (seriesWide && adminSeries.isSuccess);
  const repeating = repeats === 'new' ? repeat.frequency !== 'none' : seriesWide;

  const { errors, formError, submitting, handleSubmit, clearError, setFormError } = useForm({
    schema: formRules,
    values: (): FormInput => ({
      event: { ...state, confirmCapacityBelowTaken: confirmCapacity },
      repeat: repeating ? ruleDraft(repeat, state.startTime.slice(0, 10)) : null,
    }),
    // Sent as typed: the server parses the same schema.
    submit: (_, input) => submit(input),
    // A list's item ("galleryUrls.2") is shown on its list.
    fieldName: fieldNameOf,
    failure: failedText,
    notice: initialFailure,
  });

  const set = <K extends Field>(field: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [field]: value }));
    clearError(field);
  };
  const text = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: state[field] as string,
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as never),
  });

  async function submit({ event: input, repeat: rule }: FormInput) {
    let savedId: string;
    let message = eventId ? 'Event updated.' : 'Event created.';
    let to = paths.adminTab('events');
    // Never a silent "this date only" when the admin chose more and the series' rule is missing.
    if (seriesWide && rule === null) {
      setFormError(SERIES_UI_MESSAGES.seriesLoadFailed);
      return;
    }
    try {
      if (rule !== null && !eventId) {
        // A new series: the admin goes on to its first date.
        const created = await createSeries.mutateAsync({ event: input, repeat: rule as SeriesInputDraft['repeat'] });
        savedId = created.eventId;
        message = SERIES_UI_MESSAGES.seriesCreated(created.dates);
        to = paths.eventEdit(savedId);
      } else if (rule !== null && eventId && scope !== 'this') {
        const edited = await editSeries.mutateAsync({
          scope,
          event: input,
          repeat: rule as SeriesInputDraft['repeat'],
        });
        savedId = eventId;
        message = SERIES_UI_MESSAGES.seriesUpdated(edited.updated, edited.kept);
      } else {
        savedId = (await save(input)).event.id;
      }
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === CAPACITY_BELOW_TAKEN)) throw error;
      // Lowering the capacity under the seats taken needs a second, explicit yes.
      setCapacityWarning(error.message);
      setFormError(failedText);
      document.getElementById('event-confirm-capacity')?.focus();
      return;
    }
    saved();
    // The door staff go with the event's own save: after it, since a new event has no id before.
    const ids = staff.map((m) => m.id);
    try {
      if (initialStaff && ids.join() !== initialStaff.map((m) => m.id).join()) {
        await saveDoorStaff(queryClient, savedId, ids);
      }
    } catch (error) {
      // The event is saved; only its door staff are not. A new event continues on its edit page.
      const message = `${DOOR_STAFF_FAILED}${error instanceof ApiRequestError && error.message ? `: ${error.message}` : ''}`;
      if (!eventId) {
        void navigate(paths.eventEdit(savedId), { replace: true, state: { failure: message } });
        return;
      }
      setFormError(message);
      setStaffError(message);
      document.getElementById('event-door-staff-search')?.focus();
      return;
    }
    void navigate(to, { state: savedState(message) });
  }

  const timeHint = `In the community's time zone (${timeZone}).`;

  return (
    <AdminFormFrame
      title={title}
      backTo={paths.adminTab('events')}
      error={formError}
      submitLabel={submitLabel}
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      <SavedStatus />
      {seriesDate && eventId && (
        <SeriesDatePanel
          eventId={eventId}
          series={seriesDate.series}
          cancelled={seriesDate.cancelled}
          scope={scope}
          onScope={setScope}
          adminSeries={adminSeries}
        />
      )}
      <TextField label="Name" required maxLength={EVENT_NAME_MAX} {...text('name')} />
      <TextField label="Summary" maxLength={EVENT_SUMMARY_MAX} hint={FIELD_HINTS.summary} {...text('summary')} />
      <TextareaField
        label="Description"
        rows={4}
        maxLength={EVENT_DESCRIPTION_MAX}
        hint={FIELD_HINTS.description}
        {...text('description')}
      />
      <RichTextEditor
        label="Content"
        field="content"
        hint={FIELD_HINTS.content}
        value={state.content}
        onChange={(html) => set('content', html)}
        height={400}
        uploadImage={(file) => upload(file, 'events')}
        error={errors.content}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Location" maxLength={EVENT_LOCATION_MAX} {...text('location')} />
        <TextField label="Category" maxLength={EVENT_CATEGORY_MAX} {...text('category')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Start time" type="datetime-local" required hint={timeHint} {...text('startTime')} />
        <TextField label="End time" type="datetime-local" required hint={timeHint} {...text('endTime')} />
      </div>
      {showRepeats && (
        <SeriesFields
          value={repeat}
          onChange={setRepeat}
          startTime={state.startTime}
          endTime={state.endTime}
          errors={errors}
          clearError={clearError}
          allowNone={repeats === 'new'}
        />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={fieldId('status')}
          label="Status"
          name="status"
          required
          value={state.status}
          error={errors.status}
          onChange={(e) => set('status', e.target.value as EventStatus)}
        >
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Max attendees"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={
            seatsTaken !== undefined
              ? `Leave empty for no limit. ${plural(seatsTaken, 'seat is', 'seats are')} taken now.`
              : 'Leave empty for no limit.'
          }
          {...text('maxAttendees')}
        />
      </div>
      {capacityWarning && (
        <Alert tone="error" title="The capacity is below the seats already taken">
          <p>{capacityWarning}</p>
          <label className="mt-2 flex min-h-10 cursor-pointer items-center gap-3 text-fg">
            <input
              id="event-confirm-capacity"
              type="checkbox"
              checked={confirmCapacity}
              onChange={(e) => setConfirmCapacity(e.target.checked)}
              className="size-6 shrink-0 accent-brand"
            />
            Lower the capacity anyway (nobody is removed)
          </label>
        </Alert>
      )}
      <TextareaField
        label="What to bring"
        rows={3}
        maxLength={WHAT_TO_BRING_MAX}
        hint={WHAT_TO_BRING_HINT}
        {...text('whatToBring')}
      />
      {reminders}
      {checkIn}

      <ImageUploadField
        label="Image"
        value={state.imageUrl || null}
        onUpload={async (file) => {
          const previous = state.imageUrl;
          const url = await upload(file, 'events');
          set('imageUrl', url);
          // A file this form uploaded and then replaced goes at once; a saved one goes on save.
          if (previous) void removeEventImage(previous).catch(() => undefined);
          return url;
        }}
        onRemove={async () => {
          await removeEventImage(state.imageUrl);
          set('imageUrl', '');
        }}
      />

      <EventImageList
        label="Gallery images"
        addLabel="Add gallery images"
        urls={state.galleryUrls}
        uploadFailedText={EVENT_ADMIN_TEXTS.uploadManyFailed}
        unsaved={
          eventId
            ? undefined
            : { hint: EVENT_ADMIN_TEXTS.galleryUploadHint, error: EVENT_ADMIN_TEXTS.galleryUploadNeedsId }
        }
        onAdd={async (files) => {
          if (!eventId) throw new Error(EVENT_ADMIN_TEXTS.galleryUploadNeedsId);
          set('galleryUrls', await uploadGallery(eventId, files));
        }}
        onRemove={async (url) => {
          // A duplicate's copied gallery belongs to the event once saved; removing waits until then.
          if (!eventId) {
            throw new ApiRequestError(422, 'EVENT_ID_REQUIRED', EVENT_ADMIN_TEXTS.galleryRemoveNeedsId);
          }
          set('galleryUrls', await removeGalleryImage(eventId, url));
        }}
      />

      <EventImageList
        label="Panelist images"
        addLabel="Add panelist images"
        urls={state.panelistsUrls}
        uploadFailedText={EVENT_ADMIN_TEXTS.uploadFailed}
        onAdd={async (files) => {
          const urls = await Promise.all(files.map((f) => upload(f, 'panelists')));
          setState((s) => ({ ...s, panelistsUrls: [...s.panelistsUrls, ...urls] }));
        }}
        onRemove={async (url) => {
          await removeEventImage(url);
          setState((s) => ({ ...s, panelistsUrls: s.panelistsUrls.filter((u) => u !== url) }));
        }}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Video URL" type="url" inputMode="url" {...text('videoUrl')} />
        <TextField label="Slides URL" type="url" inputMode="url" {...text('slidesUrl')} />
      </div>

      <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          id={fieldId('isFeatured')}
          type="checkbox"
          name="isFeatured"
          checked={state.isFeatured}
          onChange={(e) => set('isFeatured', e.target.checked)}
          className="size-6 shrink-0 accent-brand"
        />
        Featured event
      </label>

      <EventSponsorPicker value={state.sponsorIds} onChange={(ids) => set('sponsorIds', ids)} />

      <EventDoorStaff
        value={staff}
        onChange={(next) => {
          setStaff(next);
          setStaffError(null);
        }}
        unavailable={'unavailable' in doorStaff ? doorStaff.unavailable : undefined}
        error={staffError ?? undefined}
      />

      {/* The recap is written after the event: a form that creates one has none yet. */}
      {eventId && (
        <fieldset className="space-y-5 rounded-xl border border-line p-4">
          <legend className="px-1 text-base font-semibold">Recap</legend>
          <TextField label="Recap video URL" type="url" inputMode="url" {...text('recapVideoUrl')} />
          <TextareaField
            label="Recap description"
            rows={4}
            maxLength={EVENT_DESCRIPTION_MAX}
            {...text('recapDescription')}
          />
          <ImageUploadField
            label="Recap thumbnail"
            value={state.recapThumbnailUrl || null}
            onUpload={async (file) => {
              const previous = state.recapThumbnailUrl;
              const url = await upload(file, 'recaps');
              set('recapThumbnailUrl', url);
              if (previous) void removeEventImage(previous).catch(() => undefined);
              return url;
            }}
            onRemove={async () => {
              await removeEventImage(state.recapThumbnailUrl);
              set('recapThumbnailUrl', '');
            }}
          />
        </fieldset>
      )}
    </AdminFormFrame>
  );
}
