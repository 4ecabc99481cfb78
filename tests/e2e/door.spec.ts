import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { formatShortCode, type DoorResponse } from '../../src/shared/check-in';
import { COMMUNITY_TIME_ZONE, toLocalInput } from '../../src/shared/event-admin';
import { appStarted, DEMO_ADMIN, expectNoAxeViolationsInBothThemes, newMember } from './fixtures';
import {
  adminPage,
  apiContext,
  openDoor,
  result,
  setUpEvent,
  signInAsAdmin,
  ticketOf,
  typeCode,
} from './door-fixtures';

// The door screen: a code typed in and one read from a photo, the short code under the QR typed
// by hand (online and offline), search by name with guests admitted one by one and undone,
// members listed before their guests, two devices with one offline (the first admission to reach
// the server wins; the other device lists its scan as a conflict), the refusal for a member who
// is not door staff, the notice of when a future event starts, axe in both themes, and a 390 px
// phone. Each test makes its own event and members through the API.

test.describe('the door screen', () => {
  test('a typed code admits, the same again says when and by which device; focus stays on the code', async ({
    page,
    baseURL,
  }) => {
    const setup = await setUpEvent(baseURL!, [0, 1]);
    await signInAsAdmin(page);
    // The way in: the event page's Check-in link.
    await page.goto(`/events/${setup.eventId}`);
    await appStarted(page);
    await page.getByRole('link', { name: 'Check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${setup.eventId}/check-in$`));
    await page.getByLabel('This device').fill('Front door');

    const first = ticketOf(setup, setup.people[0]!.fullName);
    await typeCode(page, first.code);
    await expect(result(page)).toContainText('Admitted');
    await expect(result(page)).toContainText(first.name);
    await expect(page.getByLabel('Ticket code')).toBeFocused();
    await expect(page.getByLabel('Ticket code')).toHaveValue('');
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('1 / 3');

    // A hardware scanner types the code and presses Enter.
    await page.getByLabel('Ticket code').fill(first.code);
    await page.keyboard.press('Enter');
    await expect(result(page)).toContainText('Already checked in');
    await expect(result(page)).toContainText(/at \d{1,2}:\d{2} [AP]M by Front door/);

    await typeCode(page, 'T1.not-a-ticket');
    await expect(result(page)).toContainText('Not a valid ticket');
    await expect(page.getByLabel('Ticket code')).toBeFocused();

    // The device's name is remembered.
    await page.reload();
    await expect(page.getByLabel('This device')).toHaveValue('Front door');
  });

  test('a code read from a photo of a ticket admits the right person', async ({ page, baseURL }, testInfo) => {
    const setup = await setUpEvent(baseURL!, [0, 0]);
    const second = ticketOf(setup, setup.people[1]!.fullName);
    const photo = testInfo.outputPath('ticket.png');
    await writeFile(photo, await QRCode.toBuffer(second.code, { scale: 8, margin: 4 }));
    await signInAsAdmin(page);
    await openDoor(page, setup.eventId, 'Photo desk');
    await page.getByLabel('Scan a photo of a ticket').setInputFiles(photo);
    await expect(result(page)).toContainText('Admitted', { timeout: 20_000 });
    await expect(result(page)).toContainText(second.name);
    // Nobody else was admitted.
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('1 / 2');
  });

  test('the short code under the QR, typed by hand in any case with a space or dash, admits; offline too', async ({
    page,
    baseURL,
  }) => {
    const setup = await setUpEvent(baseURL!, [1, 0]);
    const member = ticketOf(setup, setup.people[0]!.fullName);
    const guest = setup.tickets.find((t) => t.kind === 'guest')!;
    const other = ticketOf(setup, setup.people[1]!.fullName);
    for (const t of [member, guest, other]) expect(t.shortCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    await signInAsAdmin(page);
    await openDoor(page, setup.eventId, 'Front door');

    // "k7mw 3qxp", as someone reads it off a phone.
    await typeCode(page, `${member.shortCode.slice(0, 4)} ${member.shortCode.slice(4)}`.toLowerCase());
    await expect(result(page)).toContainText('Admitted');
    await expect(result(page)).toContainText(member.name);
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('1 / 3');
    // The guest's own code admits the guest, and only them.
    await typeCode(page, formatShortCode(guest.shortCode));
    await expect(result(page)).toContainText('Admitted');
    await expect(result(page)).toContainText(guest.name);
    await expect(page.getByText('Guests checked in', { exact: true }).locator('..')).toContainText('1');
    await typeCode(page, member.shortCode);
    await expect(result(page)).toContainText('Already checked in');

    // Offline, the device matches the short code on the list it keeps, and sends it later.
    await page.context().setOffline(true);
    await typeCode(page, other.shortCode.toLowerCase());
    await expect(result(page)).toContainText('Admitted (not sent yet)');
    await expect(result(page)).toContainText(other.name);
    await page.context().setOffline(false);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 30_000 });
    // The count comes with the list fetched again after the sync: slower on a loaded machine.
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('3 / 3', {
      timeout: 20_000,
    });
    const door = (await (await page.request.get(`/api/events/${setup.eventId}/door`)).json()) as DoorResponse;
    expect(door.tickets.find((t) => t.code === other.code)?.checkIn?.device).toBe('Front door');
  });

  test('lists a member before their guests, and Admit on the first line admits the member', async ({
    page,
    baseURL,
  }) => {
    const setup = await setUpEvent(baseURL!, [2, 0]);
    const host = setup.people[0]!;
    await signInAsAdmin(page);
    await openDoor(page, setup.eventId, 'Front door');
    // The member's username is in their name ("Test door0…") and their guests' ("Guest1 door0…"),
    // which come first by name alone.
    await page.getByLabel('Search by name').fill(host.username.slice(0, -2));
    const list = page.getByRole('region', { name: 'Find by name' });
    const lines = list.getByRole('listitem');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(host.fullName);
    await expect(lines.nth(1)).toContainText(`Guest of ${host.fullName}`);
    await expect(lines.nth(2)).toContainText(`Guest of ${host.fullName}`);
    await lines
      .nth(0)
      .getByRole('button', { name: /^Admit / })
      .click();
    await expect(result(page)).toContainText('Admitted');
    await expect(result(page)).toContainText(host.fullName);
    await expect(result(page)).toContainText('Brings 2 guests');
    await expect(list.getByRole('button', { name: `Undo check-in for ${host.fullName}` })).toBeVisible();
    await expect(list.getByRole('button', { name: /^Admit Guest/ })).toHaveCount(2);
  });

  test('search by name, admit a member and their guests one by one, undo', async ({ page, baseURL }) => {
    const setup = await setUpEvent(baseURL!, [2]);
    const host = setup.people[0]!.fullName;
    const [g1, g2] = setup.tickets.filter((t) => t.kind === 'guest').map((t) => t.name);
    await signInAsAdmin(page);
    await openDoor(page, setup.eventId, 'Side door');

    await page.getByLabel('Search by name').fill(host.split(' ')[1]!);
    const list = page.getByRole('region', { name: 'Find by name' });
    await list.getByRole('button', { name: `Admit ${host}` }).click();
    await expect(result(page)).toContainText('Admitted');
    await expect(result(page)).toContainText('Brings 2 guests');

    // Guests one by one, from the member's panel.
    await result(page)
      .getByRole('button', { name: `Admit ${g1}` })
      .click();
    await expect(result(page).getByRole('button', { name: `Undo ${g1}` })).toBeVisible();
    await expect(result(page).getByRole('button', { name: `Admit ${g2}` })).toBeVisible();
    await expect(result(page)).toContainText(`${g1}: Admitted`);
    await expect(page.getByText('Guests checked in', { exact: true }).locator('..')).toContainText('1');
    await result(page)
      .getByRole('button', { name: `Admit ${g2}` })
      .click();
    await expect(result(page).getByRole('button', { name: `Undo ${g2}` })).toBeVisible();
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('3 / 3');

    // Undo a guest, then the member (focus returns to the code field).
    await result(page)
      .getByRole('button', { name: `Undo ${g2}` })
      .click();
    await expect(result(page).getByRole('button', { name: `Admit ${g2}` })).toBeFocused();
    await result(page).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(result(page)).toContainText('Check-in undone');
    await expect(page.getByLabel('Ticket code')).toBeFocused();
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('1 / 3');
    await expect(list.getByRole('button', { name: `Admit ${host}` })).toBeVisible();
    // The first guest is still in; undone from the list (the host's name finds their guests too).
    await list.getByRole('button', { name: `Undo check-in for ${g1}` }).click();
    await expect(list.getByRole('button', { name: `Admit ${g1}` })).toBeFocused();
    await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('0 / 3');
  });

  test('offline scans queue and sync; a code another device admitted first is a conflict here', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const setup = await setUpEvent(baseURL!, [0, 0, 1]);
    const [a, b] = [ticketOf(setup, setup.people[0]!.fullName), ticketOf(setup, setup.people[1]!.fullName)];
    const { page, close } = await adminPage(browser);
    const other = await adminPage(browser);
    try {
      await openDoor(page, setup.eventId, 'Front door');
      await openDoor(other.page, setup.eventId, 'Back door');
      await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('0 / 4');

      await page.context().setOffline(true);
      await typeCode(page, a.code);
      await expect(result(page)).toContainText('Admitted (not sent yet)');
      await typeCode(page, b.code);
      await expect(result(page)).toContainText('Admitted (not sent yet)');
      await expect(page.getByText('2 scans waiting to be sent')).toBeVisible();
      await expect(page.getByText('Offline: scans are decided from the list on this device.')).toBeVisible();
      // The same code again, offline: already, by this device.
      await typeCode(page, a.code);
      await expect(result(page)).toContainText('Already checked in');
      await expect(result(page)).toContainText('by Front door');
      await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('2 / 4');

      // Meanwhile the other door, online, admits b first.
      await typeCode(other.page, b.code);
      await expect(result(other.page)).toContainText('Admitted');

      await page.context().setOffline(false);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 30_000 });
      const conflicts = page.getByRole('region', { name: 'Conflicts' });
      await expect(conflicts).toContainText(
        new RegExp(
          `${b.name} was already checked in at \\d{1,2}:\\d{2} [AP]M by Back door; this device’s scan at ` +
            `\\d{1,2}:\\d{2} [AP]M was not counted\\.`,
        ),
      );
      await expect(conflicts).not.toContainText(a.name);
      // Both devices count the same: a and b in, once each.
      await expect(page.getByText('Checked in', { exact: true }).locator('..')).toContainText('2 / 4');
      await expect(other.page.getByText('Checked in', { exact: true }).locator('..')).toContainText('2 / 4', {
        timeout: 15_000,
      });
      const door = await page.request.get(`/api/events/${setup.eventId}/door`);
      const tickets = ((await door.json()) as DoorResponse).tickets;
      expect(tickets.find((t) => t.code === a.code)?.checkIn?.device).toBe('Front door');
      expect(tickets.find((t) => t.code === b.code)?.checkIn?.device).toBe('Back door');
      await expectNoAxeViolationsInBothThemes(page, 'door screen with a conflict');
    } finally {
      await close();
      await other.close();
    }
  });

  test('a member who is not door staff is refused in the server’s words', async ({ browser, baseURL }) => {
    const setup = await setUpEvent(baseURL!, [0]);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto('/');
      await appStarted(page);
      const member = newMember('notstaff');
      const res = await page.request.post('/api/auth/register', { data: member, headers: { origin: baseURL! } });
      expect(res.status()).toBe(201);
      await page.goto(`/events/${setup.eventId}/check-in`);
      await expect(page.getByRole('alert')).toContainText(
        'Only admins and this event’s door staff can check people in.',
      );
      await expect(page.getByLabel('Ticket code')).toHaveCount(0);
      // No Check-in link on the event page either.
      await page.goto(`/events/${setup.eventId}`);
      await appStarted(page);
      await expect(page.getByRole('heading', { level: 1, name: setup.eventName })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Check-in' })).toHaveCount(0);

      // Made door staff, the member finds the event under Door duty and opens its door screen,
      // and still sees nothing of the admin area.
      const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
      const admin = await apiContext(baseURL!);
      expect((await admin.post('/api/auth/sign-in', { data: DEMO_ADMIN })).status()).toBe(200);
      const staffed = await admin.put(`/api/admin/events/${setup.eventId}/door-staff`, {
        data: { userIds: [me.user.id] },
      });
      expect(staffed.status()).toBe(200);
      await admin.dispose();
      await page.goto('/dashboard');
      const duty = page.getByRole('region', { name: 'Door duty' });
      await expect(duty).toContainText(setup.eventName);
      await duty.getByRole('link', { name: `Check-in for ${setup.eventName}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
      await expect(page.getByLabel('Ticket code')).toBeVisible();
      expect((await page.request.get('/api/admin/events')).status()).toBe(403);
    } finally {
      await context.close();
    }
  });

  test('a door screen opened before the event says when it starts, in the community’s time zone', async ({
    page,
    baseURL,
  }) => {
    // 6:00 PM in Charlotte on March 10, 2031, days away.
    const later = await setUpEvent(baseURL!, [0]);
    await signInAsAdmin(page);
    await openDoor(page, later.eventId, 'Front door');
    const notice = page.getByRole('status').filter({ hasText: 'This event starts' });
    await expect(notice).toContainText('This event starts on Monday, March 10, 2031 at 6:00 PM EDT.');
    // Scanning works all the same.
    await typeCode(page, ticketOf(later, later.people[0]!.fullName).shortCode);
    await expect(result(page)).toContainText('Admitted');

    // Under way: no notice.
    const now = Date.now();
    const started = await setUpEvent(baseURL!, [0], {
      startTime: toLocalInput(new Date(now - 60 * 60_000), COMMUNITY_TIME_ZONE),
      endTime: toLocalInput(new Date(now + 2 * 60 * 60_000), COMMUNITY_TIME_ZONE),
    });
    await openDoor(page, started.eventId, 'Front door');
    await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
    await expect(page.getByText('This event starts')).toHaveCount(0);
  });

  test('axe finds nothing with a result showing, in both themes; a 390 px phone does not scroll sideways', async ({
    page,
    baseURL,
  }) => {
    const setup = await setUpEvent(baseURL!, [1]);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await openDoor(page, setup.eventId, 'Front door');
    await typeCode(page, ticketOf(setup, setup.people[0]!.fullName).code);
    await expect(result(page)).toContainText('Admitted');
    await page.getByLabel('Search by name').fill(setup.people[0]!.fullName.split(' ')[1]!);
    await expect(page.getByRole('region', { name: 'Find by name' }).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolationsInBothThemes(page, 'door screen, admitted');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // An already-checked-in and an invalid result pass too.
    await typeCode(page, ticketOf(setup, setup.people[0]!.fullName).code);
    await expect(result(page)).toContainText('Already checked in');
    await expectNoAxeViolationsInBothThemes(page, 'door screen, already checked in');
    await typeCode(page, 'nonsense');
    await expect(result(page)).toContainText('Not a valid ticket');
    await expectNoAxeViolationsInBothThemes(page, 'door screen, not valid');
  });
});
