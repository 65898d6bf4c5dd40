/**
 * /onboard/{id} (Onboard, no nav, anonymous): the wizard of an invitation, resumed from its sealed cookie
 * at the step reached. An unknown, used or expired invitation shows why, never the wizard. The page wears
 * the inviting franchise's brand (its logo and title, from the invitation) in the no-nav shell.
 */
import Link from 'next/link';
import { SetUp } from '@/components/onboard/set-up';
import { PlainShell } from '@/components/shell/plain-shell';
import { OnboardWizard } from '@/components/onboard/wizard';
import { Alert } from '@/components/ui/alert';
import { UpstreamError } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { anonymousBrandFrom } from '@/lib/brand';
import { config } from '@/lib/config';
import { contract } from '@/lib/contract';
import { ONBOARD_MESSAGES } from '@/lib/contract/onboard-constants';
import { readWizard } from '@/lib/onboard/wizard-cookie';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/onboard/[id]');

/** The page for an invitation that cannot be used: the host's reason (fixed texts), else the unknown-link text. */
function InvitationProblem({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="invitation-heading"
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="invitation-heading" className="text-2xl font-semibold">
        Invitation not available
      </h1>
      <Alert>{message}</Alert>
      <Link href="/login" className="self-start text-brand-700 underline">
        Go to sign in
      </Link>
    </section>
  );
}

const KNOWN = new Set<string>([ONBOARD_MESSAGES.invitationUsed, ONBOARD_MESSAGES.invitationExpired, ONBOARD_MESSAGES.invitationUnknown]);

export default async function OnboardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const finished = (await readWizard(id, false)).state;
  if (finished.done)
    return (
      <PlainShell variant="no-nav">
        <SetUp {...finished.done} company={finished.values.additional?.company ?? ''} email={finished.values.basic?.emailAddress ?? ''} />
      </PlainShell>
    );
  const offer = await callUpstream(contract.onboard.onboardGet, { query: { firm: id } }).catch((e: unknown) => {
    if (e instanceof UpstreamError && ['not-found', 'conflict', 'bad-request'].includes(e.kind)) return e.message;
    throw e;
  });
  if (typeof offer === 'string')
    return (
      <PlainShell variant="no-nav">
        <InvitationProblem message={KNOWN.has(offer) ? offer : ONBOARD_MESSAGES.invitationUnknown} />
      </PlainShell>
    );
  const [lookups, { state, unreadable }] = await Promise.all([
    callUpstream(contract.lookups.onboardLookups),
    readWizard(id, offer.testMode),
  ]);
  return (
    <PlainShell variant="no-nav" brand={anonymousBrandFrom(offer.brand, offer.parentName)}>
      <OnboardWizard
        invitation={id}
        offer={offer}
        lookups={lookups}
        initial={{ reached: state.reached, values: state.values, product: state.product }}
        providerUrl={config().PAYMENT_URL}
        notice={unreadable ? ONBOARD_MESSAGES.sessionUnreadable : undefined}
      />
    </PlainShell>
  );
}
