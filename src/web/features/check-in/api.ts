import { useQuery } from '@tanstack/react-query';
import type { DoorResponse, ScanInput, ScanResponse, UndoCheckInResponse } from '../../../shared/check-in';
import { api } from '../../lib/api';
import { readRoster, saveRoster } from './offline-queue';

// The door's list and the two things a door device does: admit a code, undo an admission.
// Keyed under 'check-ins': the realtime stream announces that kind on every admission and undo,
// so the counts and the list refresh on every door device.

export const doorKey = (eventId: string) => ['check-ins', 'door', eventId] as const;

const eventPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export function useDoor(eventId: string) {
  return useQuery({
    queryKey: doorKey(eventId),
    queryFn: async () => {
      const door = await api.get<DoorResponse>(`${eventPath(eventId)}/door`);
      // Kept on the device: offline, scans are decided from it, and a reload still shows it.
      saveRoster(eventId, door);
      return door;
    },
    initialData: () => readRoster(eventId) ?? undefined,
    // What the device kept counts as old: fetch at once when there is a connection.
    initialDataUpdatedAt: 0,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status !== 0),
  });
}

export const postScan = (eventId: string, input: ScanInput) =>
  api.post<ScanResponse>(`${eventPath(eventId)}/check-ins`, input);

export const deleteCheckIn = (eventId: string, checkInId: string) =>
  api.delete<UndoCheckInResponse>(`${eventPath(eventId)}/check-ins/${encodeURIComponent(checkInId)}`);
