import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CODE_MAX,
  OUTCOME_WORDS,
  type DoorResponse,
  type DoorTicket,
  type ScanResponse,
  type UndoCheckInResponse,
} from '../../../shared/check-in';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { deleteCheckIn, doorKey, postScan } from './api';
import { decideOffline, isNetworkFailure, isQueued } from './offline-queue';
import type { ShownScan } from './result-panel';

// What the door screen's buttons do: admit a ticket (online, or decided on the device and queued
// when the connection is gone) and undo an admission. `doorActions` holds the decisions over the
// screen's state and the server, passed in, so a test drives it without a browser;
// `useDoorActions` gives it the screen's state.

/** A scan that gets no answer in this time is decided on the device, as if offline. */
export const ANSWER_WITHIN_MS = 8_000;

function withinTime<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiRequestError(0, 'NETWORK_ERROR', 'No answer')), ANSWER_WITHIN_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Where a press came from: the code field (or a camera), the roster, a guest's line, the panel. */
export type AdmitFrom = 'code' | 'list' | 'guest';
export type UndoFrom = 'panel' | 'list' | 'guest';

export interface DoorActionDeps {
  /** The list as this device knows it (the server's, with its own queued admissions). */
  tickets: DoorTicket[];
  /** This device's name, as typed. */
  device: string;
  /** The scan the panel shows. */
  scan: ShownScan | null;
  online: () => boolean;
  postScan: (input: { code: string; device: string }) => Promise<ScanResponse>;
  deleteCheckIn: (checkInId: string) => Promise<UndoCheckInResponse>;
  enqueue: (code: string, device: string) => { id: string; scannedAt: string };
  unqueue: (checkInId: string) => void;
  /** The server's newest word on one ticket (null: refetch only). */
  patchTicket: (ticket: DoorTicket | null) => void;
  /** Shows a scan in the panel (a new one each time). */
  showScan: (scan: Omit<ShownScan, 'serial'>) => void;
  setNotice: (text: string) => void;
  setProblem: (text: string) => void;
  setBusy: (code: string, on: boolean) => void;
  /** No device name yet: say so and take focus there. */
  askDevice: () => void;
  focusCode: () => void;
}

export function doorActions(deps: DoorActionDeps) {
  const admit = async (raw: string, from: AdmitFrom) => {
    const value = raw.trim().slice(0, CODE_MAX);
    if (!value) return;
    const name = deps.device.trim();
    if (!name) return deps.askDevice();
    deps.setProblem('');
    deps.setBusy(value, true);
    try {
      let answer: ScanResponse;
      let unsent = false;
      try {
        if (!deps.online()) throw new ApiRequestError(0, 'NETWORK_ERROR', 'Offline');
        answer = await withinTime(deps.postScan({ code: value, device: name }));
        deps.patchTicket(answer.ticket);
      } catch (error) {
        if (!isNetworkFailure(error)) {
          deps.setProblem(errorMessage(error));
          return;
        }
        answer = decideOffline(deps.tickets, value);
        if (answer.outcome === 'admitted' && answer.ticket) {
          // Queued by the ticket's long code, whichever was typed: the list and the queue match on it.
          const item = deps.enqueue(answer.ticket.code, name);
          answer = {
            ...answer,
            ticket: { ...answer.ticket, checkIn: { id: `queued:${item.id}`, at: item.scannedAt, device: name } },
          };
          unsent = true;
        }
      }
      if (from === 'guest') {
        // The member's panel stays; the guest's line changes and this is announced.
        const words =
          answer.outcome === 'admitted' && unsent ? 'Admitted (not sent yet)' : OUTCOME_WORDS[answer.outcome];
        deps.setNotice(`${answer.ticket?.name ?? 'Guest'}: ${words}`);
      } else {
        deps.showScan({ ...answer, unsent, undone: false });
        deps.setNotice('');
      }
    } finally {
      deps.setBusy(value, false);
    }
  };

  const undo = async (ticket: DoorTicket, from: UndoFrom) => {
    const checkIn = ticket.checkIn;
    if (!checkIn) return;
    deps.setProblem('');
    if (isQueued(checkIn.id)) {
      deps.unqueue(checkIn.id);
    } else {
      deps.setBusy(ticket.code, true);
      try {
        const { ticket: now } = await deps.deleteCheckIn(checkIn.id);
        deps.patchTicket(now);
      } catch (error) {
        deps.setProblem(
          isNetworkFailure(error) ? 'Undo needs a connection: try again when it is back.' : errorMessage(error),
        );
        return;
      } finally {
        deps.setBusy(ticket.code, false);
      }
    }
    const { scan } = deps;
    if (scan?.ticket?.code === ticket.code) deps.showScan({ ...scan, undone: true });
    else deps.setNotice(`${ticket.name}: check-in undone`);
    // The panel's Undo goes away with the admission: focus goes back to the code.
    if (from === 'panel') deps.focusCode();
  };

  return { admit, undo };
}

/** The door screen's actions and what they show: the scan in the panel, a notice, a problem, and
 * the codes on their way (their buttons wait). */
export function useDoorActions({
  eventId,
  tickets,
  device,
  queue,
  refresh,
  askDevice,
  focusCode,
}: Pick<DoorActionDeps, 'tickets' | 'device' | 'askDevice' | 'focusCode'> & {
  eventId: string;
  queue: Pick<DoorActionDeps, 'enqueue' | 'unqueue'>;
  /** Refetches the list (the counts follow it). */
  refresh: () => void;
}) {
  const queryClient = useQueryClient();
  const [scan, setScan] = useState<ShownScan | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusyCodes] = useState<ReadonlySet<string>>(new Set());

  const actions = doorActions({
    tickets,
    device,
    scan,
    online: () => navigator.onLine,
    postScan: (input) => postScan(eventId, input),
    deleteCheckIn: (checkInId) => deleteCheckIn(eventId, checkInId),
    enqueue: queue.enqueue,
    unqueue: queue.unqueue,
    patchTicket: (ticket) => {
      if (ticket) {
        queryClient.setQueryData<DoorResponse>(doorKey(eventId), (old) =>
          old ? { ...old, tickets: old.tickets.map((t) => (t.code === ticket.code ? ticket : t)) } : old,
        );
      }
      refresh();
    },
    // An undo marks the scan shown; anything else is a new scan, with the next serial.
    showScan: (shown) => setScan((current) => ({ ...shown, serial: (current?.serial ?? 0) + (shown.undone ? 0 : 1) })),
    setNotice,
    setProblem,
    setBusy: (code, on) =>
      setBusyCodes((current) => {
        const next = new Set(current);
        if (on) next.add(code);
        else next.delete(code);
        return next;
      }),
    askDevice,
    focusCode,
  });

  return { ...actions, scan, notice, problem, setProblem, busy };
}
