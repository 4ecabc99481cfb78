import { describe, expect, it } from 'vitest';
import { sponsorInput } from '../../shared/sponsors';
import { offersAsksInput } from '../../shared/people-to-meet';
import { ApiRequestError } from './api';
import { issuesByField, onControls, renamed, serverFieldError, withServerReason } from './form';

// The parts of the one form cycle that decide where a message shows; the cycle itself (focus,
// submit, clearing) is driven through real forms by the Playwright journeys.

describe('issuesByField', () => {
  it('keeps the first message of each field, and a row by its path', () => {
    const result = offersAsksInput.safeParse({ offers: ['ok item', 'x'], asks: ['y', 'z'] });
    expect(result.success).toBe(false);
    const errors = issuesByField(result.error!.issues);
    expect(Object.keys(errors).sort()).toEqual(['asks.0', 'asks.1', 'offers.1']);
    expect(errors['offers.1']).toBe('Write at least 2 characters.');
  });

  it("gives the shared schema's own text for a plain field", () => {
    const result = sponsorInput.safeParse({ name: '', level: 'Gold' });
    expect(result.success).toBe(false);
    expect(issuesByField(result.error!.issues).name).toBeTruthy();
  });
});

describe('renamed', () => {
  it('moves a path onto the control that shows it, the first message winning', () => {
    const boxes = ['offers.0', 'offers.2'];
    const errors = renamed({ 'offers.0': 'first', 'offers.1': 'second', asks: 'list' }, (path) =>
      path.startsWith('offers.') ? boxes[Number(path.split('.')[1])]! : `${path}.0`,
    );
    expect(errors).toEqual({ 'offers.0': 'first', 'offers.2': 'second', 'asks.0': 'list' });
    expect(renamed({ 'galleryUrls.2': 'bad', 'galleryUrls.3': 'worse' }, (p) => p.split('.')[0]!)).toEqual({
      galleryUrls: 'bad',
    });
  });
});

describe('serverFieldError', () => {
  it('takes the fields the server names, every one, whatever the status, and never reads the message', () => {
    const several = new ApiRequestError(422, 'VALIDATION_ERROR', 'Keep each one short.', {
      'offers.1': 'Keep each one short.',
      'guests.0.email': 'Enter a valid email',
    });
    expect(serverFieldError(several)).toEqual({
      'offers.1': 'Keep each one short.',
      'guests.0.email': 'Enter a valid email',
    });
    const taken = new ApiRequestError(409, 'USERNAME_TAKEN', 'Sorry, that username is already taken.', {
      username: 'Sorry, that username is already taken.',
    });
    expect(serverFieldError(taken)).toEqual({ username: 'Sorry, that username is already taken.' });
    // A message that looks like "field: message" is only text.
    expect(serverFieldError(new ApiRequestError(422, 'VALIDATION_ERROR', 'offers.1: Keep each one short.'))).toBeNull();
    expect(serverFieldError(new Error('name: not an API refusal'))).toBeNull();
  });
});

describe('onControls', () => {
  // The form's controls as the hook finds them: by name, or by data-field.
  const control = (name: string | null, field?: string) => ({
    dataset: field ? { field } : {},
    getAttribute: (attribute: string) => (attribute === 'name' ? name : null),
  });
  const form = {
    querySelectorAll: () => [control('username'), control(null, 'offers.1'), control('email')],
  } as unknown as HTMLFormElement;

  it('puts each named field on its control, several at once, and keeps the rest apart', () => {
    expect(onControls(form, { username: 'taken', 'offers.1': 'short', password: 'weak' })).toEqual({
      shown: { username: 'taken', 'offers.1': 'short' },
      unshown: { password: 'weak' },
    });
  });
});

describe('withServerReason', () => {
  it("adds a 4xx's reason to the spec's text, never a 5xx's or a network failure's", () => {
    const text = 'Failed to update sponsor';
    expect(withServerReason(text, new ApiRequestError(404, 'NOT_FOUND', 'Sponsor not found'))).toBe(
      'Failed to update sponsor: Sponsor not found',
    );
    expect(withServerReason(text, new ApiRequestError(500, 'INTERNAL', 'boom'))).toBe(text);
    expect(withServerReason(text, new ApiRequestError(0, 'NETWORK_ERROR', 'Offline'))).toBe(text);
  });
});
