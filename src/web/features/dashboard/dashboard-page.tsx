import { useEffect, useId, useRef, useState } from 'react';
import { Eye, LogOut, Pencil, RotateCw } from 'lucide-react';
import { Alert } from '../../components/alert';
import { CountBadge } from '../../components/badge';
import { ConnectionsList } from '../../components/connections-list';
import { DoorDutyList } from '../../components/door-duty';
import { Button, ButtonLink } from '../../components/button';
import {
  AboutSection,
  ProfileHeader,
  ProfileSection,
  ProfileSkeleton,
  SocialLinks,
  StatsSection,
} from '../../components/profile-sections';
import { TextLink } from '../../components/text-link';
import { useConnections } from '../../lib/connections';
import { displayName } from '../../lib/member-format';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useMe, useSignOut } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AvatarEditor } from './avatar-editor';
import { CalendarFeed } from './calendar-feed';
import { ConnectCode } from './connect-code';
import { DeleteAccount } from './delete-account';
import { NotificationPreferences } from './notification-preferences';
import { EventHistory, NextEventCard } from './my-events';
import { useMyEvents } from './my-events-api';
import { OffersAsksEditor } from './offers-asks-editor';
import { PeopleToMeetSetting } from './people-to-meet-setting';
import { ProfileForm } from './profile-form';
import { SkillsEditor } from './skills-editor';
import { TwoFactorSection } from './two-factor';
import { SessionsSection } from './sessions';
import { PasswordSection } from './password';
import { PasskeysSection } from './passkeys';

export const PROFILE_LOAD_ERROR = 'Failed to load profile';

/** The member's own profile: view and edit mode, photo, skills, event history and connections. */
export function DashboardPage() {
  useDocumentTitle('My Profile');
  const me = useMe();
  const username = me.me?.username ?? '';
  const profile = useProfile(username);
  const connections = useConnections();
  // Read with the profile: the next-event card then comes with the page, not after it, pushing it down.
  const myEvents = useMyEvents();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButtonId = useId();
  const returnFocus = useRef(false);

  // Leaving edit mode puts focus back on the button that opened it.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    document.getElementById(editButtonId)?.focus();
  }, [editing, editButtonId]);

  // RequireAuth renders this page only with a member.
  if (!me.me) return null;

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
  };

  const leaveEditMode = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const data = profile.data;

  // isLoading (a first fetch under way), not isPending: a query not yet enabled is pending too,
  // and would leave the skeleton up for good.
  if (!data || (myEvents.isLoading && !profile.isError)) {
    return (
      <Page>
        {profile.isError ? (
          <>
            <h1 className="sr-only">My Profile</h1>
            <Alert tone="error" title={PROFILE_LOAD_ERROR}>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                loading={profile.isFetching}
                onClick={() => {
                  void me.refetch();
                  void profile.refetch();
                }}
              >
                {!profile.isFetching && <RotateCw aria-hidden="true" />}
                Retry
              </Button>
            </Alert>
          </>
        ) : (
          <>
            <h1 className="sr-only">My Profile</h1>
            <ProfileSkeleton />
          </>
        )}
      </Page>
    );
  }

  const name = displayName(data.profile);
  const owner = { id: data.profile.id, username: data.profile.username };
  const pending = connections.data?.incoming.length ?? me.me.pendingRequests;

  return (
    <Page>
      <div className="space-y-6">
        <ProfileHeader
          profile={data.profile}
          avatar={<AvatarEditor name={name} owner={owner} avatarUrl={data.profile.avatarUrl} />}
          actions={
            <>
              {!editing && (
                <Button id={editButtonId} onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit Profile
                </Button>
              )}
              <ButtonLink to={paths.profile(data.profile.username)} variant="secondary">
                <Eye aria-hidden="true" />
                View public profile
              </ButtonLink>
              <Button variant="ghost" onClick={() => void handleSignOut()} loading={signingOut}>
                {!signingOut && <LogOut aria-hidden="true" />}
                Sign out
              </Button>
            </>
          }
          extra={<SocialLinks profile={data.profile} />}
        />

        {editing && <ProfileForm data={data} onDone={leaveEditMode} />}

        <NextEventCard />

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {!editing && <AboutSection bio={data.profile.bio} />}
            <SkillsEditor owner={owner} skills={data.skills} />
            <OffersAsksEditor owner={owner} />
            <EventHistory />
          </div>
          <div className="space-y-6">
            <StatsSection stats={data.stats} />
            <ConnectCode />
            <DoorDutyList />
            <ProfileSection
              id="my-connections-heading"
              title="My Connections"
              action={
                <TextLink to={paths.connections} className="inline-flex items-center gap-1.5 text-sm">
                  Connection Requests
                  <CountBadge count={pending} label="pending" />
                </TextLink>
              }
            >
              <ConnectionsList
                connections={connections.data?.connections}
                isPending={connections.isPending}
                isError={connections.isError}
                onRetry={() => void connections.refetch()}
              />
            </ProfileSection>
            <PeopleToMeetSetting />
            <NotificationPreferences />
            <CalendarFeed />
            <PasswordSection />
            <TwoFactorSection />
            <PasskeysSection />
            <SessionsSection />
            <DeleteAccount username={data.profile.username} />
          </div>
        </div>
      </div>
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}
