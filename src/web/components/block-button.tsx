import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck } from 'lucide-react';
import { BLOCK_ERROR, type BlockState, type BlocksResponse } from '../../shared/moderation';
import { api, errorMessage } from '../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

export const myBlocksKey = ['my-blocks'] as const;

/** The members the signed-in member blocked. */
export function useMyBlocks(enabled = true) {
  return useQuery({
    queryKey: myBlocksKey,
    queryFn: () => api.get<BlocksResponse>('/api/me/blocks'),
    enabled,
  });
}

/**
 * Block or unblock another member: while blocked, neither can send the other messages or
 * connection requests. Blocking asks first; unblocking is immediate.
 */
export function BlockButton({ username, className }: { username: string; className?: string }) {
  const queryClient = useQueryClient();
  const blocks = useMyBlocks();
  const [confirming, setConfirming] = useState(false);
  const blocked = blocks.data?.blocks.some((b) => b.username.toLowerCase() === username.toLowerCase()) ?? false;
  const change = useMutation({
    mutationFn: (block: boolean) =>
      block
        ? api.put<BlockState>(`/api/me/blocks/${encodeURIComponent(username)}`)
        : api.delete<BlockState>(`/api/me/blocks/${encodeURIComponent(username)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myBlocksKey });
      // A block ends any connection or request between the two.
      void queryClient.invalidateQueries({ queryKey: ['connections'] });
    },
  });

  if (blocks.isPending || blocks.isError) return null;

  return (
    <div className={className}>
      {blocked ? (
        <Button variant="secondary" size="sm" loading={change.isPending} onClick={() => change.mutate(false)}>
          <CircleCheck aria-hidden="true" />
          Unblock
          <span className="sr-only"> {username}</span>
        </Button>
      ) : (
        <Dialog
          open={confirming}
          onOpenChange={(open) => !change.isPending && setConfirming(open)}
          title={`Block ${username}?`}
          description="Neither of you will be able to send the other messages or connection requests, and a connection between you ends. You can unblock them at any time."
          trigger={
            <Button variant="ghost" size="sm" className="text-danger-text">
              <Ban aria-hidden="true" />
              Block
              <span className="sr-only"> {username}</span>
            </Button>
          }
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" disabled={change.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={change.isPending}
                onClick={() => change.mutate(true, { onSettled: () => setConfirming(false) })}
              >
                Block
              </Button>
            </>
          }
        />
      )}
      {change.isError && (
        <Alert tone="error" title={BLOCK_ERROR} className="mt-2">
          {errorMessage(change.error)}
        </Alert>
      )}
    </div>
  );
}
