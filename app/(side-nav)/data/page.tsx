/** /data, Import/Export Facility (signed in): the schemas the user's role may import and export. */
import { DataScreen } from '@/components/data/data-screen';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/data');

export default async function DataPage() {
  const session = await requireRoute('/data');
  const schemas = await api(contract.data.schemaNames);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Import/Export Facility</PageHeading>
      <DataScreen schemas={schemas} user={session.user} />
    </div>
  );
}
