import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '../lib/router';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import Menu from 'lucide-react/icons/menu';
import UserPlus from 'lucide-react/icons/user-plus';
import X from 'lucide-react/icons/x';
import { buttonClasses } from '../components/button';
import { CountBadge } from '../components/badge';
import { Logo } from '../components/logo';
import { ThemeToggle } from '../components/theme-toggle';
import { cn } from '../lib/cn';
import { paths } from '../lib/paths';
import { useMe, useSignOut } from '../lib/session';
import { SearchButton } from './search-button';

type NavItem = { to: string; label: string };

const desktopLink =
  'rounded-md px-2.5 py-2 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg aria-[current=page]:text-fg';
const mobileLink =
  'flex items-center justify-between rounded-lg px-3 py-2.5 text-base font-medium text-fg hover:bg-surface-2 aria-[current=page]:bg-surface-2';
const iconLink =
  'relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg aria-[current=page]:text-fg';
// Pins a count badge to the corner of an icon link.
const cornerBadge = 'absolute -top-1 -right-1';

export function SiteHeader() {
  const { me } = useMe();
  const signOut = useSignOut();
  const menuButton = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  // While the menu is open it is the page: what lies behind it is inert (no focus, no clicks, hidden
  // from assistive tech), Tab cycles through the header and the menu, Escape closes the menu and
  // returns focus to its button.
  useEffect(() => {
    const header = headerRef.current;
    if (!menuOpen || !header) return;
    const behind = [...(header.parentElement?.children ?? [])].filter(
      (element): element is HTMLElement => element !== header && element instanceof HTMLElement && !element.inert,
    );
    for (const element of behind) element.inert = true;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenOn(null);
        menuButton.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...header.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
        (element) => element.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = header.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of behind) element.inert = false;
    };
  }, [menuOpen]);

  const unread = me?.unreadMessages ?? 0;
  const pending = me?.pendingRequests ?? 0;

  const items: NavItem[] = me
    ? [
        { to: paths.events, label: 'Events' },
        { to: paths.podcasts, label: 'Podcasts' },
        { to: paths.community, label: 'Community' },
        { to: paths.forums, label: 'Forums' },
      ]
    : [
        { to: paths.events, label: 'Events' },
        { to: paths.podcasts, label: 'Podcasts' },
        { to: paths.community, label: 'Community' },
        { to: paths.contact, label: 'Contact' },
      ];

  return (
    <header ref={headerRef} className="fixed inset-x-0 top-0 z-40 border-b border-line bg-canvas">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        {/* A member's bar holds five buttons: on phones narrower than 375 px the mark stands alone. */}
        <Logo wordClassName={me ? 'max-[374px]:sr-only' : undefined} />

        {/* Desktop links */}
        <ul className="ml-4 hidden shrink-0 items-center gap-0.5 lg:flex xl:ml-6">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={desktopLink}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {me && (
            <li>
              <NavLink to={paths.messages} className={cn(desktopLink, 'inline-flex items-center gap-1.5')}>
                Messages
                <CountBadge count={unread} label="unread messages" />
              </NavLink>
            </li>
          )}
          {me?.isAdmin && (
            <li>
              <NavLink to={paths.admin} className={desktopLink}>
                Admin
              </NavLink>
            </li>
          )}
        </ul>

        {/* An admin's bar is the fullest (the Admin link, two badges): the logo and the links keep
            their size, and the username gives way (the picture alone below 1280 px, then cut short). */}
        <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
          <SearchButton className="shrink-0 lg:mr-1" />
          {me && (
            <>
              {/* Small screens: the message badge stays visible outside the menu. */}
              <NavLink to={paths.messages} className={cn(iconLink, 'lg:hidden')}>
                <Mail className="size-[18px]" aria-hidden="true" />
                <span className="sr-only">Messages</span>
                <CountBadge count={unread} label="unread messages" className={cornerBadge} />
              </NavLink>
              {/* All sizes: connection requests as an icon with its pending count. */}
              <NavLink to={paths.connections} className={iconLink} title="Connection Requests">
                <UserPlus className="size-[18px]" aria-hidden="true" />
                <span className="sr-only">Connection Requests</span>
                <CountBadge count={pending} label="pending connection requests" className={cornerBadge} />
              </NavLink>
            </>
          )}

          <ThemeToggle className="shrink-0" />

          {me ? (
            <NavLink
              to={paths.dashboard}
              title={me.username}
              className="ml-1 hidden max-w-44 min-w-0 items-center gap-2 rounded-full p-1 text-sm font-medium text-fg hover:bg-surface-2 lg:inline-flex xl:pr-3"
            >
              <Avatar username={me.username} avatarUrl={me.avatarUrl} />
              <span className="truncate max-xl:sr-only">{me.username}</span>
            </NavLink>
          ) : (
            <div className="ml-1 hidden shrink-0 items-center gap-2 lg:flex">
              <Link to={paths.login} className={buttonClasses('ghost', 'sm')}>
                Sign In
              </Link>
              <Link to={paths.register} className={buttonClasses('primary', 'sm')}>
                Register
              </Link>
            </div>
          )}

          <button
            ref={menuButton}
            type="button"
            className={cn(iconLink, 'lg:hidden')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>

        {/* Small-screen menu; always in the DOM so aria-controls points at something. */}
        <div
          id="mobile-menu"
          hidden={!menuOpen}
          className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto border-t border-line bg-canvas px-4 pt-3 pb-8 lg:hidden"
        >
          <ul className="mx-auto flex max-w-6xl flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={mobileLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {me && (
              <>
                <li>
                  <NavLink to={paths.messages} className={mobileLink}>
                    Messages
                    <CountBadge count={unread} label="unread messages" />
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.connections} className={mobileLink}>
                    Connection Requests
                    <CountBadge count={pending} label="pending connection requests" />
                  </NavLink>
                </li>
                {me.isAdmin && (
                  <li>
                    <NavLink to={paths.admin} className={mobileLink}>
                      Admin
                    </NavLink>
                  </li>
                )}
              </>
            )}
          </ul>

          <div className="mx-auto mt-3 max-w-6xl border-t border-line pt-3">
            {me ? (
              <div className="flex flex-col gap-1">
                <NavLink to={paths.dashboard} className={cn(mobileLink, 'justify-start gap-3')}>
                  <Avatar username={me.username} avatarUrl={me.avatarUrl} />
                  <span className="truncate">{me.username}</span>
                </NavLink>
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className={cn(mobileLink, 'justify-start gap-3 text-left')}
                >
                  <LogOut className="size-5 text-fg-muted" aria-hidden="true" />
                  Sign Out
                </button>
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link to={paths.login} className={buttonClasses('secondary', 'lg')}>
                  Sign In
                </Link>
                <Link to={paths.register} className={buttonClasses('primary', 'lg')}>
                  Register
                </Link>
              </div>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

/** The member's picture, or their initial on a tinted disc. Decorative: the username is beside it. */
function Avatar({ username, avatarUrl }: { username: string; avatarUrl: string | null }) {
  if (avatarUrl) return <img src={avatarUrl} alt="" className="size-7 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-info-soft text-xs font-semibold text-info-text uppercase"
    >
      {username.slice(0, 1)}
    </span>
  );
}
