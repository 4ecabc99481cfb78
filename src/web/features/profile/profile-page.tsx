import { useState } from 'react';
import { useLocation, useNavigate, useParams } from '../../lib/router';
import { ArrowLeft, Check, Clock, Mail, Pencil, UserMinus, UserPlus, UserX } from 'lucide-react';
import { metAtText } from '../../../shared/connect-code-texts';
import type { ProfileResponse } from '../../../shared/members';
import { PROFILE_NOT_FOUND, PROFILE_NOT_FOUND_TEXT } from '../../../shared/member-texts';
import { BlockButton } from '../../components/block-button';
import { Button, ButtonLink } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { NotFound } from '../../components/not-found';
import { LoadError } from '../../components/load-error';
import {
  AboutSection,
  EventsSection,
  ProfileHeader,
  ProfileSkeleton,
  SkillsSection,
  SocialLinks,
  StatsSection,
} from '../../components/profile-sections';
import { ApiRequestError } from '../../lib/api';
import { displayName } from '../../lib/member-format';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { rememberRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConnectionAction } from './api';
import { ConnectionsButton } from './connections-button';
import { OffersAsksSection } from './offers-asks-section';

export const PROFILE_LOAD_ERROR = 'Failed to load profile';

export function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const data = profile.data;
  const notFound = profile.error instanceof ApiRequestError && profile.error.status === 404;
  useDocumentTitle(data ? displayName(data.profile) : notFound ? PROFILE_NOT_FOUND : 'Member profile');

  if (profile.isPending) {
    return (
      <Page>
        <h1 className="sr-only">Member profile</h1>
        <ProfileSkeleton />
      </Page>
    );
  }

  if (notFound) {
    return (
      <NotFound title={PROFILE_NOT_FOUND} text={PROFILE_NOT_FOUND_TEXT}>
        <ButtonLink to={paths.community}>
          <ArrowLeft aria-hidden="true" />
          Back to Community
        </ButtonLink>
      </NotFound>
    );
  }

  if (!data) {
    return (
      <Page>
        <h1 className="sr-only">Member profile</h1>
        <LoadError title={PROFILE_LOAD_ERROR} query={profile} />
      </Page>
    );
  }

  return (
    <Page>
      <div className="space-y-6">
        <ProfileHeader
          profile={data.profile}
          actions={<RelationActions data={data} />}
          extra={
            <div className="flex flex-wrap items-center gap-3">
              <ConnectionsButton count={data.stats.connections} connections={data.connections} />
              <SocialLinks profile={data.profile} />
            </div>
          }
        />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <AboutSection bio={data.profile.bio} />
            <SkillsSection skills={data.skills} />
            <OffersAsksSection offers={data.offers} asks={data.asks} />
            <EventsSection events={data.events} />
          </div>
          <div>
            <StatsSection stats={data.stats} />
          </div>
        </div>
      </div>
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

/** The buttons that depend on how the viewer stands with this member. */
function RelationActions({ data }: { data: ProfileResponse }) {
  const { profile, relation } = data;
  const navigate = useNavigate();
  const location = useLocation();
  const action = useConnectionAction(profile.username);
  const name = displayName(profile);
  const busy = action.isPending;
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  if (relation.state === 'self') {
    return (
      <ButtonLink to={paths.dashboard} variant="secondary">
        <Pencil aria-hidden="true" />
        Edit your profile
      </ButtonLink>
    );
  }

  const message = (
    <ButtonLink to={paths.compose(profile.username)} variant="secondary" aria-label={`Message ${name}`}>
      <Mail aria-hidden="true" />
      Message
    </ButtonLink>
  );

  if (relation.state === 'visitor') {
    // Connecting needs an account: sign in, then come back to this profile.
    const signInFirst = () => {
      rememberRedirect(location.pathname + location.search);
      void navigate(paths.login);
    };
    return (
      <>
        <Button onClick={signInFirst}>
          <UserPlus aria-hidden="true" />
          Connect
        </Button>
        {message}
      </>
    );
  }

  const id = relation.connectionId;
  // One button element whatever the state, so keyboard focus stays on it as Connect turns into
  // Pending and back. Clicks while a change is on its way are ignored rather than disabling the
  // button (a disabled button would drop focus).
  const act = (next: Parameters<typeof action.mutate>[0]) => {
    if (!busy) action.mutate(next);
  };
  const primary =
    relation.state === 'none'
      ? { label: 'Connect', Icon: UserPlus, variant: 'primary' as const, onClick: () => act({ kind: 'connect' }) }
      : relation.state === 'pending-outgoing'
        ? {
            label: 'Pending',
            hint: ', withdraw request',
            title: 'Withdraw your connection request',
            Icon: Clock,
            variant: 'secondary' as const,
            onClick: () => id && act({ kind: 'withdraw', connectionId: id }),
          }
        : relation.state === 'pending-incoming'
          ? {
              label: 'Accept',
              Icon: Check,
              variant: 'primary' as const,
              onClick: () => id && act({ kind: 'accept', connectionId: id }),
            }
          : {
              label: 'Remove Connection',
              Icon: UserMinus,
              variant: 'secondary' as const,
              // Undoing it takes a new request and the other member's yes: ask first.
              onClick: () => setConfirmingRemove(true),
            };

  return (
    <>
      <Button
        variant={primary.variant}
        title={'title' in primary ? primary.title : undefined}
        aria-busy={busy || undefined}
        onClick={primary.onClick}
      >
        <primary.Icon aria-hidden="true" />
        {primary.label}
        {'hint' in primary && <span className="sr-only">{primary.hint}</span>}
      </Button>
      {relation.state === 'connected' && (
        <Dialog
          open={confirmingRemove}
          onOpenChange={setConfirmingRemove}
          title="Remove Connection"
          description={`Are you sure you want to remove ${name} from your connections? To connect again you would send a new request.`}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={busy}
                onClick={() =>
                  id &&
                  action.mutate({ kind: 'remove', connectionId: id }, { onSettled: () => setConfirmingRemove(false) })
                }
              >
                Remove Connection
              </Button>
            </>
          }
        />
      )}
      {relation.state === 'pending-incoming' && (
        <Button
          variant="secondary"
          aria-busy={busy || undefined}
          onClick={() => id && act({ kind: 'reject', connectionId: id })}
        >
          <UserX aria-hidden="true" />
          Reject
        </Button>
      )}
      {message}
      <BlockButton username={profile.username} />
      {relation.state === 'connected' && relation.metAt && (
        <p className="text-sm text-fg-muted">Connected · {metAtText(relation.metAt.name)}</p>
      )}
    </>
  );
}
