import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes, memberPage } from './fixtures';

// Keyboard journeys through messages and forums: after the first page load only the keyboard
// acts (Tab, Enter, arrows, Escape, typing). Focus must land somewhere useful after each action
// and show a ring; an open conversation has an address and a title of its own and stays whole
// on a 320 px phone; the rich-text editor can always be left (Esc, then Tab). Fresh members,
// registered through the API (the sign-up form has its own journey).

const origin = (page: Page) => new URL(page.url()).origin;

/** Presses Tab (Shift+Tab with `back`) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/** What has focus shows it: a 2 px outline on it, on its ::after (list rows), or on the frame
 * around it (the editor's writing area), drawn where nothing clips it. */
async function expectVisibleFocus(page: Page, label: string) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    let owner: HTMLElement | null = el;
    let style = getComputedStyle(el);
    if (style.outlineStyle === 'none') style = getComputedStyle(el, '::after');
    // The editor's ring is drawn by its frame (has-[.ProseMirror:focus-visible]).
    while (style.outlineStyle === 'none' && el.isContentEditable && owner?.parentElement) {
      owner = owner.parentElement;
      style = getComputedStyle(owner);
    }
    const width = parseFloat(style.outlineWidth);
    const grow = width + Math.max(0, parseFloat(style.outlineOffset) || 0);
    const box = owner!.getBoundingClientRect();
    const ringBox = { left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow };
    // Clipped: an ancestor that hides overflow cuts into the ring.
    let clippedBy: string | null = null;
    for (let node = owner!.parentElement; node && node !== document.body; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = node.getBoundingClientRect();
      const cutsX = s.overflowX !== 'visible' && (ringBox.left < r.left - 0.5 || ringBox.right > r.right + 0.5);
      const cutsY = s.overflowY !== 'visible' && (ringBox.top < r.top - 0.5 || ringBox.bottom > r.bottom + 0.5);
      if (cutsX || cutsY) {
        clippedBy = `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 80);
        break;
      }
    }
    return {
      name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      outlineStyle: style.outlineStyle,
      width,
      inViewport: ringBox.left >= -0.5 && ringBox.right <= window.innerWidth + 0.5,
      clippedBy,
    };
  });
  expect(ring, `${label}: something has focus`).not.toBeNull();
  expect(ring!.outlineStyle, `${label}: ${ring!.name} shows a ring`).not.toBe('none');
  expect(ring!.width, `${label}: ${ring!.name} ring width`).toBeGreaterThanOrEqual(2);
  expect(ring!.inViewport, `${label}: ${ring!.name} ring inside the viewport`).toBe(true);
  expect(ring!.clippedBy, `${label}: ${ring!.name} ring not clipped`).toBeNull();
}

/** The page never scrolls sideways, and the element sits wholly inside the viewport. */
async function expectWithinViewport(page: Page, element: Locator, label: string) {
  await expect(element, label).toBeVisible();
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(width);
  expect(box.width, `${label}: not a sliver`).toBeGreaterThan(16);
}

const subjectOf = (page: Page) => new URL(page.url()).searchParams.get('subject');

test('a message sent by keyboard; the conversation has its own address and title', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await memberPage(browser, 'kbma');
  const b = await memberPage(browser, 'kbmb');
  const page = a.page;
  const subject = `Coffee before the mixer ${Date.now().toString(36)}`;

  await page.goto('/messages');
  await expect(page).toHaveTitle('Messages · Power Mixer');

  // Compose: focus goes to To, where the typing starts.
  const composeButton = page.getByRole('button', { name: 'Compose' });
  await tabTo(page, composeButton);
  await expectVisibleFocus(page, 'Compose');
  await page.keyboard.press('Enter');
  const to = page.getByRole('combobox', { name: 'To' });
  await expect(to).toBeFocused();
  await expectVisibleFocus(page, 'To');

  // To: a suggestion picked with the arrow keys and Enter.
  await page.keyboard.type(b.member.username.slice(0, -1));
  await expect(page.getByRole('option', { name: new RegExp(b.member.username) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue(b.member.username);
  await expect(to).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toBeFocused();
  await expectVisibleFocus(page, 'Subject');
  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await expectVisibleFocus(page, 'Message');
  await page.keyboard.type('Shall we meet at 5:30 by the entrance?');

  // Send: the new conversation opens, focus on its heading, with its address and title.
  const send = page.getByRole('button', { name: 'Send' });
  await tabTo(page, send);
  await expectVisibleFocus(page, 'Send');
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name: subject });
  await expect(heading).toBeFocused();
  await expectVisibleFocus(page, 'the conversation heading after Send');
  await expect(page).toHaveURL(/\/messages\?with=[^&]+&subject=/);
  expect(subjectOf(page)).toBe(subject);
  await expect(page).toHaveTitle(`${subject} · Messages · Power Mixer`);
  const conversationUrl = page.url();

  // The browser's Back returns to the list; opening the conversation by keyboard goes forward again.
  await page.goBack();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page).toHaveTitle('Messages · Power Mixer');
  await expect(page.getByText('Select a message to read or compose a new one')).toBeVisible();
  const row = page.getByRole('button', { name: new RegExp(subject) });
  await tabTo(page, row, { back: true });
  await expectVisibleFocus(page, 'the conversation row');
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(conversationUrl);
  await expect(page).toHaveTitle(`${subject} · Messages · Power Mixer`);
  await expectNoAxeViolationsInBothThemes(page, '/messages?with=…&subject=… (open conversation)');

  // Reply, then Cancel: back in the same conversation, focus on its heading.
  await tabTo(page, page.getByRole('button', { name: 'Reply' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(conversationUrl);

  // Its address opens it after a reload.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${subject} · Messages · Power Mixer`);

  // Deleting its only message ends the conversation: the address goes back to the list.
  await tabTo(page, page.getByRole('button', { name: 'Delete message' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete Message' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page).toHaveTitle('Messages · Power Mixer');
  await expect(page.getByRole('button', { name: 'Compose' })).toBeFocused();

  // An address of no conversation (any more) says so.
  await page.goto(conversationUrl);
  await expect(page.getByRole('heading', { level: 2, name: 'Conversation not found' })).toBeVisible();
  await expect(page.getByText('Select a message to read or compose a new one')).toBeVisible();
  await expect(page).toHaveTitle('Conversation not found · Messages · Power Mixer');

  await page.context().close();
  await b.page.context().close();
});

test('a post and a reply written by keyboard in the rich-text editor', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await memberPage(browser, 'kbforum');
  const forums = (await (await page.request.get('/api/forums')).json()) as { forums: { id: string }[] };
  const forumId = forums.forums[0]!.id;
  const title = `Keyboard-only post ${Date.now().toString(36)}`;

  await page.goto(`/forums/${forumId}`);
  await tabTo(page, page.getByRole('link', { name: 'New Post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New Post' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.type(title);

  // The toolbar is one tab stop, then the writing area, which says how to leave it.
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button', { name: 'Bold' }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await expect(content).toBeFocused();
  await expectVisibleFocus(page, 'the post editor');
  await expect(content).toHaveAccessibleDescription('Press Esc, then Tab, to leave the editor.');
  await expect(page.getByText('Press Esc, then Tab, to leave the editor.')).toBeVisible();

  // Bold with Ctrl+B; "- " starts a bulleted list; Tab in a list indents and keeps focus there.
  await page.keyboard.type('Lenders worth a call ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('this quarter');
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- Credit unions');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Community banks');
  await page.keyboard.press('Tab');
  await expect(content).toBeFocused();
  await expect(content.locator('li li', { hasText: 'Community banks' })).toBeVisible();

  // Esc, then Shift+Tab: back to the toolbar; Esc, then Tab: on to Cancel, even inside a list.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(content).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Cancel' })).toBeFocused();
  await expectVisibleFocus(page, 'Cancel after leaving the editor');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const post = page.getByRole('article');
  await expect(post.locator('strong', { hasText: 'this quarter' })).toBeVisible();
  await expect(post.locator('li li', { hasText: 'Community banks' })).toBeVisible();

  // The reply: outside a list, Tab leaves the editor at once.
  const reply = page.getByRole('textbox', { name: 'Your reply', exact: true });
  await tabTo(page, reply);
  await expectVisibleFocus(page, 'the reply editor');
  await expect(reply).toHaveAccessibleDescription('Press Esc, then Tab, to leave the editor.');
  await page.keyboard.type('Adding one: ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('the Tryon Street credit union');
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Tab');
  const postReply = page.getByRole('button', { name: 'Post Reply' });
  await expect(postReply).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, '/forums/:forumId/:postId (reply composer with its hint)');

  // Post Reply: focus lands on the new reply, shown and in view, with a ring.
  await page.keyboard.press('Enter');
  const newReply = page.locator('li[id^="reply-"]').filter({ hasText: 'the Tryon Street credit union' });
  await expect(newReply).toBeFocused();
  await expect(newReply.locator('strong', { hasText: 'the Tryon Street credit union' })).toBeVisible();
  await expect(newReply).toBeInViewport();
  await expectVisibleFocus(page, 'the new reply');
  await expect(reply).toHaveText('');

  await page.context().close();
});

for (const width of [320, 390]) {
  test(`an open conversation stays whole and operable at ${width} px`, async ({ browser }) => {
    test.setTimeout(90_000);
    const a = await memberPage(browser, 'kbnarrowa');
    const b = await memberPage(browser, 'kbnarrowb');
    const subject = `Studio space for the spring mixer series ${Date.now().toString(36)}`;
    const sent = await b.page.request.post('/api/messages', {
      data: { to: a.member.username, subject, content: 'Is the studio on Camden still free in April?' },
      headers: { origin: origin(b.page) },
    });
    expect(sent.status()).toBe(201);
    const inbox = (await (await a.page.request.get('/api/messages')).json()) as {
      conversations: { other: { id: string }; subject: string }[];
    };
    const otherId = inbox.conversations.find((c) => c.subject === subject)!.other.id;

    const page = a.page;
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`/messages?${new URLSearchParams({ with: otherId, subject })}`);
    const heading = page.getByRole('heading', { level: 2, name: subject });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(`${subject} · Messages · Power Mixer`);

    const section = page.getByRole('region', { name: subject });
    const profile = section.getByRole('link', { name: b.member.username, exact: true });
    const actions = [
      section.getByRole('button', { name: 'Back' }),
      section.getByRole('button', { name: 'Reply' }),
      section.getByRole('button', { name: `Block ${b.member.username}` }),
      section.getByRole('button', { name: 'Report message' }),
    ];
    await expectWithinViewport(page, heading, 'the subject');
    // Whole, not cut to "St…": the text wraps inside its box.
    const withLine = section.getByText(`with ${b.member.username}`);
    await expect(withLine).toBeVisible();
    for (const text of [heading, withLine]) {
      expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth), 'nothing cut off').toBe(true);
    }
    await expectWithinViewport(page, profile, 'the other member');
    for (const action of actions) await expectWithinViewport(page, action, `${await action.textContent()}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);

    // Each control takes focus by keyboard and shows an unclipped ring.
    for (const control of [actions[0]!, profile, ...actions.slice(1)]) {
      await tabTo(page, control);
      await expectVisibleFocus(page, `${width} px`);
    }
    await expectNoAxeViolationsInBothThemes(page, `/messages?with=…&subject=… at ${width} px`);

    await page.context().close();
    await b.page.context().close();
  });
}
