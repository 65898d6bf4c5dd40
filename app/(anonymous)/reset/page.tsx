import { ResetForm } from '@/components/auth/reset-form';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/reset');

export default function ResetPage() {
  return <ResetForm />;
}
