import { Link, useParams, useSearchParams } from '../../lib/router';
import { ArrowLeft, Lock, LogIn, Newspaper, Rss } from 'lucide-react';
import type { NewsItem } from '../../../shared/announcements';
import { NEWS_NOT_FOUND, NEWS_TEXTS } from '../../../shared/news-texts';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Pagination } from '../../components/pagination';
import { RichText } from '../../components/rich-text';
import { Skeleton } from '../../components/skeleton';
import { textLinkClasses } from '../../components/text-link';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { rememberRedirect } from '../../lib/redirect-after-login';
import { formatDate, formatLongDate } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NEWS_FEED_URL, isMembersOnly, isMissing, useNews, useNewsArticle } from './api';

// The news archive (issue 35): /news, the organisers' announcements newest first, a page at a
// time (?page=2), and /news/:newsId, one of them. Visitors see the public ones; members the
// members-only ones too, marked as such. A visitor on a members-only one is asked to sign in
// (and comes back to it); a missing or unpublished one is a 404. Both screens are one chunk.

const pageLink = (n: number) => (n > 1 ? `${paths.news}?page=${n}` : paths.news);

export function NewsPage() {
  useDocumentTitle(NEWS_TEXTS.title);
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const news = useNews(page);
  const data = news.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{NEWS_TEXTS.title}</h1>
        <p className="mt-3 text-lg text-fg-muted">{NEWS_TEXTS.intro}</p>
        {/* A document, not a screen of the app: the browser opens it (or a feed reader takes it). */}
        <a
          href={NEWS_FEED_URL}
          type="application/rss+xml"
          className={cn(textLinkClasses, 'mt-4 inline-flex min-h-6 items-center gap-1.5 text-sm')}
        >
          <Rss className="size-4" aria-hidden="true" />
          {NEWS_TEXTS.feed}
        </a>
      </header>

      <div className="mt-8" aria-busy={news.isFetching || undefined}>
        {news.isError ? (
          <LoadError title="Failed to load the news" query={news} retryLabel="Try again" />
        ) : !data ? (
          <div role="status" className="space-y-4">
            <span className="sr-only">Loading the news</span>
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="space-y-3 rounded-xl border border-line bg-surface p-5">
                <Skeleton className="h-6 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
              </div>
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <EmptyState icon={Newspaper} title={NEWS_TEXTS.empty} />
        ) : (
          <>
            <ul className={cn('space-y-4', news.isPlaceholderData && 'opacity-60')}>
              {data.items.map((item) => (
                <li key={item.id}>
                  <NewsCard item={item} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={pageCount} to={pageLink} label="News pages" className="mt-10" />
          </>
        )}
      </div>
    </div>
  );
}

function NewsCard({ item }: { item: NewsItem }) {
  return (
    <article className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 className="text-lg leading-snug font-semibold text-fg">
        <Link to={paths.newsArticle(item.id)} className="rounded-sm underline-offset-4 hover:text-link hover:underline">
          {item.subject}
        </Link>
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
        {item.membersOnly && <MembersOnlyBadge />}
      </p>
      {item.excerpt && <p className="mt-3 text-sm text-fg-muted">{item.excerpt}</p>}
    </article>
  );
}

/** The app's not-found screen's title (app/error-page.tsx), for an announcement that is not there. */
const PAGE_NOT_FOUND = 'Page not found';
const frame = 'mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12';

function BackLink() {
  return (
    <Link
      to={paths.news}
      className="inline-flex min-h-6 items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {NEWS_TEXTS.back}
    </Link>
  );
}

export function NewsArticlePage() {
  const { newsId = '' } = useParams();
  const article = useNewsArticle(newsId);
  const missing = isMissing(article.error);
  const membersOnly = isMembersOnly(article.error);
  useDocumentTitle(
    article.data?.subject ?? (missing ? PAGE_NOT_FOUND : membersOnly ? NEWS_TEXTS.membersOnly : NEWS_TEXTS.title),
  );

  if (missing) {
    return (
      <NotFound title={PAGE_NOT_FOUND} text={NEWS_NOT_FOUND}>
        <ButtonLink to={paths.news}>
          <ArrowLeft aria-hidden="true" />
          {NEWS_TEXTS.back}
        </ButtonLink>
      </NotFound>
    );
  }
  if (membersOnly) {
    return (
      <div className={frame}>
        <BackLink />
        <section className="mt-8 flex flex-col items-center rounded-xl border border-line bg-surface px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-info-soft text-info-text">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">{NEWS_TEXTS.membersOnly}</h1>
          <p className="mt-3 max-w-md text-fg-muted">{NEWS_TEXTS.signInToRead}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.login} onClick={() => rememberRedirect(paths.newsArticle(newsId))}>
              <LogIn aria-hidden="true" />
              Sign in
            </ButtonLink>
            <ButtonLink to={paths.register} variant="secondary">
              Join the community
            </ButtonLink>
          </div>
        </section>
      </div>
    );
  }
  if (article.isError) {
    return (
      <div className={frame}>
        <BackLink />
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-fg">{NEWS_TEXTS.title}</h1>
        <LoadError title="Failed to load the announcement" query={article} className="mt-6" retryLabel="Try again" />
      </div>
    );
  }
  if (!article.data) {
    return (
      <div className={frame} role="status">
        <span className="sr-only">Loading the announcement</span>
        <Skeleton className="h-5 w-24" />
        <Skeleton className="mt-6 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-1/3" />
        <Skeleton className="mt-8 h-24 w-full" />
      </div>
    );
  }

  const { subject, publishedAt, bodyHtml } = article.data;
  return (
    <article className={frame}>
      <BackLink />
      <header className="mt-6">
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{subject}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <time dateTime={publishedAt}>{formatLongDate(publishedAt)}</time>
          {article.data.membersOnly && <MembersOnlyBadge />}
        </p>
      </header>
      {/* Sanitised by the server when it was saved. */}
      <RichText html={bodyHtml} className="mt-8" />
    </article>
  );
}

/** "Members only", beside an announcement only members may read. */
function MembersOnlyBadge() {
  return (
    <Badge tone="brand">
      <Lock className="size-3" aria-hidden="true" />
      {NEWS_TEXTS.membersOnly}
    </Badge>
  );
}
