import { describe, expect, it, vi } from 'vitest';
import type { ScanResponse } from '../../../shared/check-in';
import { ApiRequestError } from '../../lib/api';
import type { ShownScan } from './result-panel';
import { doorActions, type DoorActionDeps } from './use-door-actions';
import { ticket } from './door-ticket.fixture';

// What the door screen's buttons do, with the server and the screen replaced by records: admit
// online, admit offline (decided on the device and queued), a refusal, a guest's line, and undo.

const offline = () => new ApiRequestError(0, 'NETWORK_ERROR', 'Offline');

function door(over: Partial<DoorActionDeps> = {}) {
  const shown: Omit<ShownScan, 'serial'>[] = [];
  const notices: string[] = [];
  const problems: string[] = [];
  const busy: string[] = [];
  const deps: DoorActionDeps = {
    tickets: [ticket('AAA'), ticket('GGG', { kind: 'guest', hostCode: 'AAA', name: 'Guest G' })],
    device: 'Front door',
    scan: null,
    online: () => true,
    postScan: vi.fn(async ({ code }): Promise<ScanResponse> => ({
      outcome: 'admitted',
      ticket: ticket(code),
      otherEvent: null,
    })),
    deleteCheckIn: vi.fn(async () => ({ ticket: ticket('AAA') })),
    enqueue: vi.fn(() => ({ id: 'q1', scannedAt: '2026-01-01T19:00:00.000Z' })),
    unqueue: vi.fn(),
    patchTicket: vi.fn(),
    showScan: (scan) => shown.push(scan),
    setNotice: (text) => notices.push(text),
    setProblem: (text) => problems.push(text),
    setBusy: (code, on) => busy.push(`${on ? '+' : '-'}${code}`),
    askDevice: vi.fn(),
    focusCode: vi.fn(),
    ...over,
  };
  return { deps, actions: doorActions(deps), shown, notices, problems, busy };
}

describe('admit', () => {
  it('sends the trimmed code with the device, shows the answer and patches the ticket', async () => {
    const { deps, actions, shown, busy } = door();
    await actions.admit('  AAA ', 'code');
    expect(deps.postScan).toHaveBeenCalledWith({ code: 'AAA', device: 'Front door' });
    expect(deps.patchTicket).toHaveBeenCalledWith(ticket('AAA'));
    expect(shown).toEqual([
      { outcome: 'admitted', ticket: ticket('AAA'), otherEvent: null, unsent: false, undone: false },
    ]);
    expect(busy).toEqual(['+AAA', '-AAA']);
  });

  it('asks for a device name first and sends nothing', async () => {
    const { deps, actions, shown } = door({ device: '  ' });
    await actions.admit('AAA', 'code');
    expect(deps.askDevice).toHaveBeenCalledOnce();
    expect(deps.postScan).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('offline, decides from the list and queues the admission, shown as not sent', async () => {
    const { deps, actions, shown } = door({ online: () => false });
    await actions.admit('AAA', 'code');
    expect(deps.postScan).not.toHaveBeenCalled();
    expect(deps.enqueue).toHaveBeenCalledWith('AAA', 'Front door');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.unsent).toBe(true);
    expect(shown[0]!.ticket?.checkIn).toEqual({
      id: 'queued:q1',
      at: '2026-01-01T19:00:00.000Z',
      device: 'Front door',
    });
  });

  it('offline, finds a short code typed by hand and queues the ticket’s long code', async () => {
    const tickets = [ticket('AAA', { shortCode: 'K7MW3QXP' }), ticket('GGG', { shortCode: 'ZZZZ2222' })];
    const { deps, actions, shown } = door({ online: () => false, tickets });
    await actions.admit('k7mw-3qxp', 'code');
    expect(deps.enqueue).toHaveBeenCalledWith('AAA', 'Front door');
    expect(shown[0]).toMatchObject({ outcome: 'admitted', unsent: true, ticket: { code: 'AAA' } });
  });

  it('a connection lost on the way is decided on the device too', async () => {
    const { deps, actions, shown } = door({ postScan: vi.fn(() => Promise.reject(offline())) });
    await actions.admit('AAA', 'code');
    expect(deps.enqueue).toHaveBeenCalledOnce();
    expect(shown[0]!.outcome).toBe('admitted');
  });

  it("shows the server's refusal as a problem, queues nothing and frees the button", async () => {
    const refused = new ApiRequestError(403, 'FORBIDDEN', 'You are not on this door.');
    const { deps, actions, shown, problems, busy } = door({ postScan: vi.fn(() => Promise.reject(refused)) });
    await actions.admit('AAA', 'list');
    expect(problems).toEqual(['', 'You are not on this door.']);
    expect(deps.enqueue).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    expect(busy).toEqual(['+AAA', '-AAA']);
  });

  it("a guest's admission is announced on its line, and the member's panel stays", async () => {
    const { actions, shown, notices } = door({ online: () => false });
    await actions.admit('GGG', 'guest');
    expect(shown).toEqual([]);
    expect(notices).toEqual(['Guest G: Admitted (not sent yet)']);
  });
});

describe('undo', () => {
  const admitted = ticket('AAA', { checkIn: { id: 'c1', at: '2026-01-01T19:00:00.000Z', device: 'Front door' } });

  it("deletes the check-in, marks the panel's scan undone and hands focus back to the code", async () => {
    const scan: ShownScan = {
      outcome: 'admitted',
      ticket: admitted,
      otherEvent: null,
      serial: 3,
      unsent: false,
      undone: false,
    };
    const { deps, actions, shown } = door({ scan });
    await actions.undo(admitted, 'panel');
    expect(deps.deleteCheckIn).toHaveBeenCalledWith('c1');
    expect(deps.patchTicket).toHaveBeenCalledWith(ticket('AAA'));
    expect(shown).toEqual([{ ...scan, undone: true }]);
    expect(deps.focusCode).toHaveBeenCalledOnce();
  });

  it('takes a queued admission off the queue without the server', async () => {
    const queued = ticket('AAA', {
      checkIn: { id: 'queued:q1', at: '2026-01-01T19:00:00.000Z', device: 'Front door' },
    });
    const { deps, actions, notices } = door();
    await actions.undo(queued, 'list');
    expect(deps.unqueue).toHaveBeenCalledWith('queued:q1');
    expect(deps.deleteCheckIn).not.toHaveBeenCalled();
    expect(notices).toEqual(['Person AAA: check-in undone']);
    expect(deps.focusCode).not.toHaveBeenCalled();
  });

  it('needs a connection: says so and changes nothing', async () => {
    const { deps, actions, problems, notices } = door({ deleteCheckIn: vi.fn(() => Promise.reject(offline())) });
    await actions.undo(admitted, 'list');
    expect(problems).toEqual(['', 'Undo needs a connection: try again when it is back.']);
    expect(deps.patchTicket).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('does nothing for a ticket not checked in', async () => {
    const { deps, actions, problems } = door();
    await actions.undo(ticket('AAA'), 'list');
    expect(deps.deleteCheckIn).not.toHaveBeenCalled();
    expect(problems).toEqual([]);
  });
});
