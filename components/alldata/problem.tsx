/** The clear page of a refused ALLDATA authorization: what happened, and a way to start again. */
import { Alert } from '@/components/ui/alert';
import { AUTHORIZATION_PROBLEMS, type AuthorizationProblem } from '@/lib/alldata/authorization';
import { AlldataPanel } from './panel';

const FINAL: readonly AuthorizationProblem[] = ['notInPlan', 'notAllowed'];

export function AlldataProblem({ problem }: { problem: AuthorizationProblem }) {
  return (
    <AlldataPanel
      title="ALLDATA was not connected"
      next={
        FINAL.includes(problem)
          ? [{ href: '/', label: 'Go to Home' }]
          : [
              { href: '/alldataAuthorize', label: 'Start again' },
              { href: '/', label: 'Go to Home' },
            ]
      }
    >
      <Alert>{AUTHORIZATION_PROBLEMS[problem]}</Alert>
    </AlldataPanel>
  );
}
