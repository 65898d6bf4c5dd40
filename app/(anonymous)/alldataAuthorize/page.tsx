/**
 * /alldataAuthorize (anonymous in the route table; connecting needs the signed-in user it binds to): an
 * administrator of a firm whose plan includes ALLDATA starts the OAuth authorization (components/alldata/actions.ts).
 */
import { connectAlldata } from '@/components/alldata/actions';
import { AlldataPanel, SignInFirst } from '@/components/alldata/panel';
import { AlldataProblem } from '@/components/alldata/problem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isConnector } from '@/lib/alldata/authorization';
import { api } from '@/lib/api/server';
import { readSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { formatDateTime } from '@/lib/dates';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/alldataAuthorize');

export default async function AlldataAuthorizePage() {
  const session = await readSession();
  if (!session) return <SignInFirst path="/alldataAuthorize" />;
  if (!isConnector(session.role)) return <AlldataProblem problem="notAllowed" />;
  const account = await api(contract.alldataAccount.account);
  if (!account.eligible) return <AlldataProblem problem="notInPlan" />;
  return (
    <AlldataPanel title="Connect ALLDATA" next={[{ href: '/', label: 'Go to Home' }]}>
      <p>
        Connect {account.firmName}&apos;s ALLDATA account, so OEM procedures open through it. You will sign in at ALLDATA and allow access;
        ALLDATA then sends you back here.
      </p>
      {account.connected && (
        <Alert kind="info">
          ALLDATA is already connected (since {formatDateTime(account.connectedAt, session.profile.timezone)}). Connecting again replaces
          that access.
        </Alert>
      )}
      <form action={connectAlldata}>
        <Button type="submit">{account.connected ? 'Connect again' : 'Connect ALLDATA'}</Button>
      </form>
    </AlldataPanel>
  );
}
