import { useState } from 'react';
import { LogOut, Mail, UserPlus } from 'lucide-react';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../lib/paths';
import { useMe, useSignOut } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

// Minimal member home for now; profile editing, skills, events and connections come next.
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { me } = useMe();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  // RequireAuth renders this page only with a member.
  if (!me) return null;

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-fg-muted">Signed in as</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight break-all text-fg">{me.username}</h1>
          {me.fullName && <p className="mt-1 text-fg-muted">{me.fullName}</p>}
        </div>
        <Button variant="secondary" onClick={() => void handleSignOut()} loading={signingOut}>
          {!signingOut && <LogOut aria-hidden="true" />}
          Sign out
        </Button>
      </div>

      <Card className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">Keep in touch with your network.</p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.messages} variant="secondary" size="sm">
            <Mail aria-hidden="true" />
            Messages
          </ButtonLink>
          <ButtonLink to={paths.connections} variant="secondary" size="sm">
            <UserPlus aria-hidden="true" />
            Connection Requests
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
