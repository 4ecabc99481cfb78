import { randomUUID } from 'node:crypto';
import type { forumPosts, forumReplies, forums } from '../../db/schema';
import { escapeHtml } from '../../platform/mail-html';
import { DAY, HOUR, MINUTE, type DemoCalendar } from './calendar';
import { FORUMS } from './data';
import type { DemoPeople } from './people';
import type { Random } from './random';

// The forums, their posts and the replies to them. Nobody posts or replies before they joined,
// and everybody writes between 8 AM and 10 PM on the community's clocks.

export function demoForums(input: {
  people: DemoPeople;
  /** Puts the upcoming gala's name where a text says `{gala}`. */
  named: (text: string) => string;
  calendar: DemoCalendar;
  rand: Random;
}): {
  forums: (typeof forums.$inferInsert)[];
  posts: (typeof forumPosts.$inferInsert)[];
  replies: (typeof forumReplies.$inferInsert)[];
} {
  const { people, named, rand } = input;
  const { ago, awake, lastAwake, nowMs } = input.calendar;
  const latest = lastAwake(new Date(nowMs - MINUTE)).getTime();
  const joinedAt = (username: string) => people.byUsername.get(username)!.createdAt.getTime();
  const forumRows: (typeof forums.$inferInsert)[] = [];
  const postRows: (typeof forumPosts.$inferInsert)[] = [];
  const replyRows: (typeof forumReplies.$inferInsert)[] = [];
  FORUMS.forEach((f, fi) => {
    const forumId = randomUUID();
    const forumCreated = lastAwake(ago((240 - fi * 15) * DAY));
    forumRows.push({ id: forumId, name: f.name, description: f.description, createdAt: forumCreated });
    f.posts.forEach((p, pi) => {
      const postId = randomUUID();
      // Never before its author joined (nor a reply before its writer did).
      const postCreated = awake(
        new Date(
          Math.max(
            ago((90 - fi * 7 - pi * 18 + rand.int(0, 5)) * DAY + rand.int(0, 600) * MINUTE).getTime(),
            joinedAt(p.author) + 2 * DAY + rand.int(0, 600) * MINUTE,
          ),
        ),
      );
      postRows.push({
        id: postId,
        forumId,
        authorId: people.idOf(p.author),
        title: named(p.title),
        // Posts are rich HTML like replies; lists show the plain-text excerpt.
        content: `<p>${escapeHtml(named(p.content))}</p>`,
        excerpt: named(p.content),
        createdAt: postCreated,
        lastActivityAt: postCreated,
      });
      let replyTime = postCreated.getTime();
      for (const [author, content] of p.replies) {
        const due = Math.max(replyTime + rand.int(1, 30) * HOUR, joinedAt(author) + DAY);
        replyTime = Math.max(Math.min(awake(new Date(due)).getTime(), latest), replyTime);
        replyRows.push({ postId, authorId: people.idOf(author), content, createdAt: new Date(replyTime) });
      }
    });
  });
  return { forums: forumRows, posts: postRows, replies: replyRows };
}
