import { useState } from 'react';
import { Users } from 'lucide-react';
import { NO_CONNECTIONS } from '../../../shared/connections';
import type { ProfileResponse } from '../../../shared/members';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PersonLink } from '../../components/person-link';
import { Muted } from '../../components/profile-sections';
import { plural } from '../../../shared/plural';

/** "12 connections": opens the 'Connections' modal listing them. */
export function ConnectionsButton({
  count,
  connections,
}: {
  count: number;
  connections: ProfileResponse['connections'];
}) {
  // Controlled, so following a link to another profile (same screen, new data) closes it.
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Connections"
      trigger={
        <Button variant="secondary" size="sm">
          <Users aria-hidden="true" />
          {plural(count, 'connection')}
        </Button>
      }
    >
      {connections.length === 0 ? (
        <Muted>{NO_CONNECTIONS}</Muted>
      ) : (
        <ul className="-mx-2 space-y-0.5">
          {connections.map((person) => (
            <li key={person.id}>
              <PersonLink person={person} onClick={() => setOpen(false)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
