import { expect, request, type Browser, type Page } from '@playwright/test';
import type { DoorResponse, DoorTicket } from '../../src/shared/check-in';
import { DEMO_ADMIN, newMember } from './fixtures';

// Steps for the door screen's journeys (door.spec.ts, door-camera.spec.ts): an event with members
// and guests made through the API, its tickets, and the door screen opened as a named device.

export type Setup = {
  eventId: string;
  eventName: string;
  tickets: DoorTicket[];
  people: { fullName: string; username: string }[];
};

let counter = 0;

/** A request context that keeps its own session, with the origin header the API asks for. */
export const apiContext = (baseURL: string) => request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });

/** An upcoming event with members registered (each bringing the guests given), and its tickets.
 * `times`: its start and end as the admin's form takes them (wall times in the community's zone). */
export async function setUpEvent(
  baseURL: string,
  guestsPerMember: number[],
  times = { startTime: '2031-03-10T18:00', endTime: '2031-03-10T21:00' },
): Promise<Setup> {
  const tag = `${Date.now().toString(36)}${++counter}`;
  const admin = await apiContext(baseURL);
  try {
    expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
    const eventName = `Door Mixer ${tag}`;
    const made = await admin.post('/api/admin/events', {
      data: { name: eventName, ...times },
    });
    expect(made.status()).toBe(201);
    const eventId = ((await made.json()) as { event: { id: string } }).event.id;
    const people: Setup['people'] = [];
    for (const [i, guests] of guestsPerMember.entries()) {
      const member = newMember(`door${i}`);
      const api = await apiContext(baseURL);
      try {
        expect((await api.post('/api/auth/register', { data: member })).status()).toBe(201);
        const going = await api.put(`/api/events/${eventId}/registration`, { data: { status: 'attending' } });
        expect(going.status()).toBe(200);
        if (guests > 0) {
          const list = Array.from({ length: guests }, (_, g) => ({
            name: `Guest${g + 1} ${member.username}`,
            email: `guest${g + 1}.${member.email}`,
          }));
          expect((await api.put(`/api/events/${eventId}/guests`, { data: { guests: list } })).status()).toBe(200);
        }
      } finally {
        await api.dispose();
      }
      people.push(member);
    }
    const door = await admin.get(`/api/events/${eventId}/door`);
    expect(door.status()).toBe(200);
    return { eventId, eventName, tickets: ((await door.json()) as DoorResponse).tickets, people };
  } finally {
    await admin.dispose();
  }
}

export const ticketOf = (setup: Setup, name: string) => {
  const ticket = setup.tickets.find((t) => t.name === name);
  expect(ticket, `a ticket for ${name}`).toBeTruthy();
  return ticket!;
};

export async function signInAsAdmin(page: Page) {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/auth/sign-in', { data: DEMO_ADMIN, headers: { origin } })).status()).toBe(200);
}

/** The door screen, open, with this device's name set. */
export async function openDoor(page: Page, eventId: string, device: string) {
  await page.goto(`/events/${eventId}/check-in`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await page.getByLabel('This device').fill(device);
}

export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

export const result = (page: Page) => page.getByRole('region', { name: 'Last scan' });

/** A signed-in admin on a page of a fresh browser context of its own (a second door device). */
export async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { page, close: () => context.close() };
}
