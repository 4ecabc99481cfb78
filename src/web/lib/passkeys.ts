import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { PASSKEY_CANCELLED, PASSKEY_TAKEN, type PasskeySummary } from '../../shared/passkey-texts';
import { api } from './api';

// The browser's side of passkeys: options from the server, the browser's WebAuthn prompt
// (@simplewebauthn/browser, loaded only when a passkey is used), the signed answer back to the
// server by the caller. Used by the sign-in page, the dashboard and "Confirm it's you".

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** The prompt closed without a passkey, or the authenticator already holds one for the member. */
function promptFailure(error: unknown): Error {
  const code = (error as { code?: string } | null)?.code;
  return new Error(code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? PASSKEY_TAKEN : PASSKEY_CANCELLED);
}

/** Signs the server's challenge with a passkey the member picks: the answer to post. The options
 * come from `optionsPath`: any passkey for signing in, the member's own to prove it is them. */
export async function signWithPasskey(optionsPath = '/api/auth/passkey/options') {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw promptFailure(error);
  });
}

/** Makes a new passkey for the signed-in member: the answer to post to `/api/me/passkeys`. */
export async function makePasskey() {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/me/passkeys/options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw promptFailure(error);
  });
}

export const passkeysKey = ['passkeys'] as const;

/** The signed-in member's passkeys (the dashboard lists them; "Confirm it's you" offers them). */
export function usePasskeys(enabled = true) {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => api.get<{ passkeys: PasskeySummary[] }>('/api/me/passkeys'),
    enabled,
  });
}
