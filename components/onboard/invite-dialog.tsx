'use client';
/**
 * Invite a new location (from /locations): the parent it will belong to, the products it may buy, how
 * long the link works and, optionally, an address to mail it to. The answer is the link, shown once.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/field';
import { Typeahead } from '@/components/ui/typeahead';
import { useForm } from '@/components/ui/use-form';
import { FIRM_TYPE_LABELS } from '@/lib/contract/locations-constants';
import { INVITATION_DAYS, PRODUCTS, PRODUCT_IDS, type ProductId } from '@/lib/contract/onboard-constants';
import { formatDate } from '@/lib/dates';
import { firmApi } from '@/components/locations';
import { onboardApi } from './api';

type Parent = { firm: number; firmName: string };

export function InviteDialog({ onClose, zone }: { onClose: () => void; zone: number | null }) {
  const [parent, setParent] = useState<Parent | null>(null);
  const [products, setProducts] = useState<ProductId[]>([...PRODUCT_IDS]);
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(String(INVITATION_DAYS.default));
  const [issued, setIssued] = useState<{ url: string; expiresAt: string } | null>(null);
  // The server's field errors show beside the fields (the form hook maps them).
  const action = useForm();
  const errors = action.errors;

  const issue = () =>
    action.run(async () => {
      const answer = await onboardApi.invite({ parent: parent?.firm ?? 0, products, email: email.trim(), days: Number(days) });
      setIssued({ url: `${window.location.origin}/onboard/${answer.id}`, expiresAt: answer.expiresAt });
    });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Invite a location"
      footer={
        issued ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={action.busy} onClick={issue}>
              {action.busy ? 'Creating…' : 'Create invitation'}
            </Button>
          </>
        )
      }
    >
      {issued ? (
        <div className="flex flex-col gap-2">
          <p role="status">
            The invitation works once, until {formatDate(issued.expiresAt, zone)}.{email && ` It was sent to ${email}.`}
          </p>
          <TextField label="Invitation link" readOnly value={issued.url} onFocus={(e) => e.target.select()} />
          <Button variant="secondary" className="self-start" onClick={() => void navigator.clipboard?.writeText(issued.url)}>
            Copy link
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {action.message && (
            <p role="alert" className="text-sm text-red-700">
              {action.message.text}
            </p>
          )}
          {parent ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              Under <strong>{parent.firmName}</strong>
              <Button variant="ghost" onClick={() => setParent(null)}>
                Change
              </Button>
            </p>
          ) : (
            <Typeahead<Parent & { firmType: keyof typeof FIRM_TYPE_LABELS }>
              label="Parent location"
              placeholder="Search your franchises"
              search={(term, signal) => firmApi.parentSearch(-1, term, signal)}
              itemKey={(i) => i.firm}
              renderItem={(i) => `${i.firmName} (${FIRM_TYPE_LABELS[i.firmType]})`}
              onSelect={setParent}
              error={errors.parent}
            />
          )}
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-800">Products offered</legend>
            {PRODUCT_IDS.map((p) => (
              <CheckboxField
                key={p}
                label={PRODUCTS[p].name}
                checked={products.includes(p)}
                onChange={(e) => setProducts((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))}
              />
            ))}
            {errors.products && (
              <p role="alert" className="text-sm text-red-700">
                {errors.products}
              </p>
            )}
          </fieldset>
          <TextField
            label="Send to (optional)"
            type="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Valid for (days)"
            type="number"
            min={INVITATION_DAYS.min}
            max={INVITATION_DAYS.max}
            value={days}
            error={errors.days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
      )}
    </Dialog>
  );
}
