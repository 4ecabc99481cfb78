import { useLocation, useNavigate, useParams } from '../../lib/router';
import { ArrowRight, Home, LogIn, UserPlus } from 'lucide-react';
import { CONNECT_CODE_INVALID, CONNECT_OWN_CODE, metAtText } from '../../../shared/connect-code-texts';
import { Alert } from '../../components/alert';
import { Avatar } from '../../components/avatar';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { PageSpinner } from '../../components/spinner';
import { TextLink } from '../../components/text-link';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { rememberRedirect } from '../../lib/redirect-after-login';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCodeOwner, useConnectByCode } from './api';

// Where a scanned connect code lands (the phone's camera opens the address in the QR image):
// whose code it is, and a one-tap Connect. A visitor signs in first and comes back here.

const settled = (error: unknown) =>
  error instanceof ApiRequestError && (error.code === 'ALREADY_CONNECTED' || error.code === 'REQUEST_PENDING');

export function ConnectPage() {
  const { token = '' } = useParams();
  const owner = useCodeOwner(token);
  const data = owner.data;
  const name = data ? data.fullName?.trim() || data.username : '';
  useDocumentTitle(data ? `Connect with ${name}` : 'Connect');

  let body;
  if (owner.isPending) body = <PageSpinner />;
  else if (!data) {
    const refused = owner.error instanceof ApiRequestError && owner.error.status < 500;
    body = (
      <Card className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Connect code not valid</h1>
        <p className="mt-3 text-fg-muted" role="alert">
          {refused ? owner.error.message || CONNECT_CODE_INVALID : 'This code could not be checked. Try again.'}
        </p>
        <div className="mt-6 flex justify-center">
          <ButtonLink to={paths.home} variant="secondary">
            <Home aria-hidden="true" />
            Go to the home page
          </ButtonLink>
        </div>
      </Card>
    );
  } else {
    body = (
      <Card className="text-center">
        <Avatar name={name} src={data.avatarUrl} size="xl" className="mx-auto" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight break-words text-fg">{name}</h1>
        <p className="break-all text-fg-muted">@{data.username}</p>
        <ConnectAction token={token} owner={{ username: data.username, name }} />
        <p className="mt-6">
          <TextLink to={paths.profile(data.username)} className="inline-flex min-h-6 items-center gap-1 text-sm">
            View full profile
            <ArrowRight className="size-4" aria-hidden="true" />
          </TextLink>
        </p>
      </Card>
    );
  }

  return <div className="mx-auto max-w-md px-4 py-10 sm:py-14">{body}</div>;
}

function ConnectAction({ token, owner }: { token: string; owner: { username: string; name: string } }) {
  const { me, isPending } = useMe();
  const connect = useConnectByCode(token);
  const navigate = useNavigate();
  const location = useLocation();

  if (isPending) return null;

  if (!me) {
    // Connecting needs an account: sign in (or register), then come back to this code.
    const goTo = (path: string) => {
      rememberRedirect(location.pathname + location.search);
      void navigate(path);
    };
    return (
      <div className="mt-6 space-y-3">
        <Button size="lg" className="w-full" onClick={() => goTo(paths.login)}>
          <LogIn aria-hidden="true" />
          Sign in to connect
        </Button>
        <p className="text-sm text-fg-muted">
          New here?{' '}
          <TextLink
            to={paths.register}
            onClick={(event) => {
              event.preventDefault();
              goTo(paths.register);
            }}
          >
            Create an account
          </TextLink>
        </p>
      </div>
    );
  }

  if (me.username.toLowerCase() === owner.username.toLowerCase()) {
    return (
      <Alert tone="info" className="mt-6 text-left">
        {CONNECT_OWN_CODE}
      </Alert>
    );
  }

  const result = connect.data;
  if (result) {
    const done =
      result.connection.status === 'accepted'
        ? `You are now connected with ${owner.name}${result.metAt ? ` — ${metAtText(result.metAt.name)}` : ''}`
        : 'Request sent';
    return (
      <Alert tone="success" className="mt-6 text-left">
        <span className="text-base font-semibold">{done}</span>
        {result.connection.status === 'pending' && (
          <span className="block">{owner.name} will see your request and can accept it.</span>
        )}
      </Alert>
    );
  }

  return (
    <div className="mt-6 space-y-3">
      <Button
        size="lg"
        className="w-full"
        loading={connect.isPending}
        onClick={() => !connect.isPending && connect.mutate()}
      >
        {!connect.isPending && <UserPlus aria-hidden="true" />}
        Connect
      </Button>
      {connect.isError && (
        // Already connected, or already asked: said plainly, not as a failure.
        <Alert tone={settled(connect.error) ? 'info' : 'error'} className="text-left">
          {errorMessage(connect.error)}
          {connect.error instanceof ApiRequestError && connect.error.code === 'REQUEST_FROM_THEM' && (
            <span className="block">
              <TextLink to={paths.connections}>See your connection requests</TextLink>
            </span>
          )}
        </Alert>
      )}
    </div>
  );
}
