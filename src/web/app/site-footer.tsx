import { Link } from '../lib/router';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import { Logo } from '../components/logo';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../components/social-icons';
import { paths } from '../lib/paths';
import { useMe, useSignOut } from '../lib/session';
import { site } from '../lib/site';

const quickLinks = [
  { to: paths.events, label: 'Events' },
  { to: paths.podcasts, label: 'Podcasts' },
  { to: paths.news, label: 'News' },
  { to: paths.community, label: 'Community' },
  { to: paths.contact, label: 'Contact' },
];

const visitorLinks = [
  { to: paths.register, label: 'Register' },
  { to: paths.login, label: 'Sign In' },
  { to: paths.resetPassword, label: 'Reset Password' },
];
// A member has no use for registering or signing in: their own places instead. Forums are for
// members (spec 2): visitors are not shown the link.
const memberLinks = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.messages, label: 'Messages' },
  { to: paths.connections, label: 'Connections' },
  { to: paths.forums, label: 'Forums' },
];

const socials = [
  { href: site.instagram, label: 'Power Mixer on Instagram', Icon: InstagramIcon },
  { href: site.facebook, label: 'Power Mixer on Facebook', Icon: FacebookIcon },
  { href: site.youtube, label: 'Power Mixer on YouTube', Icon: YoutubeIcon },
];

const footerLink = 'inline-flex min-h-6 items-center rounded-sm text-sm text-fg-muted transition-colors hover:text-fg';

export function SiteFooter() {
  const { me } = useMe();
  const signOut = useSignOut();
  const resources = me ? memberLinks : visitorLinks;
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-fg-muted">
            Where real-estate professionals, entrepreneurs and industry leaders meet, mix and grow together.
          </p>
          <ul className="space-y-2 text-sm text-fg-muted">
            <li className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {site.city}, North Carolina
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${site.email}`} className={footerLink}>
                {site.email}
              </a>
            </li>
          </ul>
          <ul className="flex gap-1">
            {socials.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
                >
                  <Icon className="size-[18px]" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-fg">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Resources">
          <h2 className="text-sm font-semibold text-fg">Resources</h2>
          <ul className="mt-3 space-y-2">
            {resources.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
            {me && (
              <li>
                <button type="button" onClick={() => void signOut()} className={footerLink}>
                  Sign out
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>

      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-fg-muted sm:px-6">
          © {new Date().getFullYear()} Power Mixer {site.city}. All rights reserved. Events, podcast and community by
          the Power Mixer team and its members.
        </p>
      </div>
    </footer>
  );
}
