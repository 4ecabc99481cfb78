import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '../../lib/router';
import { CircleCheck, CircleHelp, UserPlus } from 'lucide-react';
import { ATTENDEE_GROUP_LABELS, REGISTRATION_SUCCESS, UNREGISTER_CONFIRM } from '../../../shared/event-texts';
import type { EventDetail, MyRegistration } from '../../../shared/events';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ApiRequestError } from '../../lib/api';
import { plural } from '../../../shared/plural';
import { useSignInFirst } from '../../lib/use-sign-in-first';
import { useRegister, useUnregister } from './api';

/** The "Add guests" button, where focus returns when the guest modal closes. */
export const MANAGE_GUESTS_ID = 'manage-guests';
/** Where focus goes when a change replaces the button that made it (a status, Register Now). */
const STATUS_ID = 'registration-status';
const REGISTER_NOW_ID = 'register-now';

type Notice = { tone: 'success' | 'info' | 'error'; title: string; text?: string } | null;

const MAYBE: Notice = {
  tone: 'success',
  title: "Thanks! You're marked as a maybe for this event.",
  text: 'Decided to come? Choose Change to Attending to take a seat.',
};

const WAITLISTED: Notice = {
  tone: 'info',
  title: 'This event is full, so you are on the waitlist.',
  text: 'We will e-mail you as soon as a seat opens up.',
};

/** The server's reason (e.g. registration closed) under the spec's message, when it has one worth showing. */
const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 ? error.message : undefined;

/**
 * Register (attending or maybe), see one's status, unregister (after a confirm). Completed
 * events are closed; ongoing ones take no registrations. Visitors are sent to sign in first.
 */
export function RegistrationPanel({
  event,
  registration,
  onAttending,
  onManageGuests,
}: {
  event: EventDetail;
  registration: MyRegistration | null;
  /**
   * Called after registering as attending with a seat, before the page refreshes: opens the
   * guest modal (resolving once it is on its way) while Register Now still holds focus. Given
   * the new registration (how many guests it may have), which the page shows only after the refresh.
   */
  onAttending: (registration: MyRegistration | null) => void | Promise<void>;
  onManageGuests: () => void;
}) {
  const { pathname } = useLocation();
  const signInFirst = useSignInFirst();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmingMaybe, setConfirmingMaybe] = useState(false);
  // The id of what takes focus once the refresh has shown it; a layout effect, so focus moves in
  // the same commit that removes the pressed button and never rests on the page body.
  const focusNext = useRef<string | null>(null);
  useLayoutEffect(() => {
    const target = focusNext.current && document.getElementById(focusNext.current);
    if (!target) return;
    target.focus();
    focusNext.current = null;
  }, [registration]);
  const register = useRegister(event.id, async ({ waitlisted, registration: registered }, { status }) => {
    setConfirmingMaybe(false);
    if (waitlisted) setNotice(WAITLISTED);
    else if (status === 'maybe') setNotice(MAYBE);
    else setNotice({ tone: 'success', title: REGISTRATION_SUCCESS });
    if (status === 'attending' && !waitlisted) await onAttending(registered);
    else focusNext.current = STATUS_ID;
  });
  const unregister = useUnregister(event.id);

  if (event.status === 'completed') {
    return (
      <Button variant="secondary" size="lg" disabled>
        Event Completed
      </Button>
    );
  }
  if (event.status === 'ongoing') {
    return <p className="text-sm font-medium text-fg-muted">This event is happening now.</p>;
  }

  const choose = (status: 'attending' | 'maybe') => {
    if (signInFirst(pathname)) return;
    setNotice(null);
    register.mutate(
      { status },
      {
        onError: (error) => {
          setConfirmingMaybe(false);
          setNotice({ tone: 'error', title: 'Failed to register for event', text: reason(error) });
        },
      },
    );
  };

  const leave = () =>
    unregister.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setNotice(null);
        focusNext.current = REGISTER_NOW_ID;
      },
      onError: (error) => {
        setConfirming(false);
        setNotice({ tone: 'error', title: 'Failed to unregister from event', text: reason(error) });
      },
    });

  return (
    <div className="space-y-4">
      {notice && (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}
        </Alert>
      )}
      {registration ? (
        <div className="flex flex-wrap items-center gap-3">
          <p
            id={STATUS_ID}
            tabIndex={-1}
            className={
              registration.status === 'waitlisted'
                ? 'inline-flex items-center gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm font-medium text-danger-text'
                : 'inline-flex items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm font-medium text-fg'
            }
          >
            {registration.status === 'attending' && (
              <CircleCheck className="size-4 text-success-text" aria-hidden="true" />
            )}
            Status: {ATTENDEE_GROUP_LABELS[registration.status]}
          </p>
          {registration.status === 'attending' && (
            <Button id={MANAGE_GUESTS_ID} variant="secondary" onClick={onManageGuests}>
              <UserPlus aria-hidden="true" />
              {registration.guests.length > 0 ? `Guests (${registration.guests.length})` : 'Add guests'}
            </Button>
          )}
          {/* Changing one's mind updates the registration in place (spec 1 section 4). */}
          {registration.status === 'maybe' && (
            <Button variant="secondary" loading={register.isPending} onClick={() => choose('attending')}>
              <CircleCheck aria-hidden="true" />
              Change to Attending
            </Button>
          )}
          {registration.status === 'attending' &&
            (registration.guests.length > 0 ? (
              <Dialog
                open={confirmingMaybe}
                onOpenChange={setConfirmingMaybe}
                title="Change to Maybe"
                description={`Your ${plural(registration.guests.length, 'guest', 'guests')} will be removed: guests come with an attending member.`}
                trigger={
                  <Button variant="secondary">
                    <CircleHelp aria-hidden="true" />
                    Change to Maybe
                  </Button>
                }
                footer={
                  <>
                    <DialogClose asChild>
                      <Button variant="secondary">Cancel</Button>
                    </DialogClose>
                    <Button loading={register.isPending} onClick={() => choose('maybe')}>
                      Change to Maybe
                    </Button>
                  </>
                }
              />
            ) : (
              <Button variant="secondary" loading={register.isPending} onClick={() => choose('maybe')}>
                <CircleHelp aria-hidden="true" />
                Change to Maybe
              </Button>
            ))}
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Unregister"
            description={UNREGISTER_CONFIRM}
            trigger={<Button variant="secondary">Unregister</Button>}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button variant="danger" loading={unregister.isPending} onClick={leave}>
                  Unregister
                </Button>
              </>
            }
          >
            {registration.guests.length > 0 && (
              <p className="text-sm text-fg-muted">
                Your {plural(registration.guests.length, 'guest', 'guests')} will be removed too.
              </p>
            )}
          </Dialog>
          {registration.status === 'waitlisted' && (
            <p className="w-full text-sm text-fg-muted">We will e-mail you as soon as a seat opens up.</p>
          )}
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          {/* The pressed button shows the spinner and keeps focus (loading is aria-disabled). */}
          <Button
            id={REGISTER_NOW_ID}
            size="lg"
            loading={register.isPending && register.variables?.status === 'attending'}
            disabled={register.isPending && register.variables?.status !== 'attending'}
            onClick={() => choose('attending')}
          >
            Register Now
          </Button>
          <Button
            size="lg"
            variant="secondary"
            loading={register.isPending && register.variables?.status === 'maybe'}
            disabled={register.isPending && register.variables?.status !== 'maybe'}
            onClick={() => choose('maybe')}
          >
            Maybe
          </Button>
        </div>
      )}
    </div>
  );
}
