import { z } from 'zod';
import { metAt } from './connect-codes';
import { USERNAME_LOOKUP_MAX } from './limits';
import { personSummary } from './members';

export const NO_PENDING_REQUESTS = 'No pending connection requests';
export const NO_CONNECTIONS = 'No connections yet';
export const NO_CONNECTIONS_MATCH = 'No connections match your search';

export const connectInput = z.object({ username: z.string().trim().min(1).max(USERNAME_LOOKUP_MAX) });

export const connectionRequest = z.object({
  id: z.string(),
  createdAt: z.string(),
  requester: personSummary,
});

export const connectionEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  member: personSummary,
  /** Both had checked in to this event when they connected. */
  metAt: metAt.nullable(),
});

export const connectionsResponse = z.object({
  incoming: z.array(connectionRequest),
  connections: z.array(connectionEntry),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponse>;

export const connectionResponse = z.object({
  connection: z.object({ id: z.string(), status: z.enum(['pending', 'accepted', 'rejected']) }).nullable(),
});
export type ConnectionResponse = z.infer<typeof connectionResponse>;
