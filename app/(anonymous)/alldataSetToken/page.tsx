/**
 * /alldataSetToken: the outcome of storing the firm's ALLDATA token (alldata/setToken, made by
 * /alldataApproval on the server): whether the firm is connected, by whom, since when and until when the
 * current access lasts. The token itself is never shown.
 */
import { AlldataPanel, SignInFirst } from '@/components/alldata/panel';
import { AlldataProblem } from '@/components/alldata/problem';
import { Alert } from '@/components/ui/alert';
import { isConnector } from '@/lib/alldata/authorization';
import { api } from '@/lib/api/server';
import { readSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { formatDateTime } from '@/lib/dates';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/alldataSetToken');

export default async function AlldataSetTokenPage() {
  const session = await readSession();
  if (!session) return <SignInFirst path="/alldataSetToken" />;
  if (!isConnector(session.role)) return <AlldataProblem problem="notAllowed" />;
  const account = await api(contract.alldataAccount.account);
  const zone = session.profile.timezone;
  if (!account.connected)
    return (
      <AlldataPanel
        title="ALLDATA is not connected"
        next={[
          { href: '/alldataAuthorize', label: 'Connect ALLDATA' },
          { href: '/', label: 'Go to Home' },
        ]}
      >
        <p>{account.firmName} has no ALLDATA account connected.</p>
      </AlldataPanel>
    );
  return (
    <AlldataPanel title="ALLDATA is connected" next={[{ href: '/', label: 'Go to Home' }]}>
      <Alert kind="success">{account.firmName}&apos;s ALLDATA account is connected.</Alert>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Connected by</dt>
        <dd>{account.connectedBy ?? '—'}</dd>
        <dt className="font-medium">Connected on</dt>
        <dd>{formatDateTime(account.connectedAt, zone)}</dd>
        <dt className="font-medium">Access valid until</dt>
        <dd>{formatDateTime(account.expiresAt, zone)}</dd>
      </dl>
    </AlldataPanel>
  );
}
