'use client';
/**
 * An image preference (BrandLogo, BrandIcon, MainLogo): its address (a same-site path or an https URL)
 * with a preview at the top bar's 48-pixel height. Empty inherits the value shown.
 */
/* eslint-disable @next/next/no-img-element -- previews of user-chosen addresses, not optimisable assets */
import { TextField } from '@/components/ui/field';
import { IMAGE_VALUE } from '@/lib/contract/firm-constants';

export interface ImagePreferenceProps {
  firm: number;
  label: string;
  hint?: string;
  inherited: string;
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
  error?: string;
}

export function ImagePreference({ label, hint, inherited, value, onChange, error }: ImagePreferenceProps) {
  const shown = value || inherited;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TextField label={label} placeholder={inherited || '/brands/logo.svg'} hint={hint} value={value} onChange={(e) => onChange(e.target.value)} error={error} />
      <div className="flex h-14 items-center rounded border border-dashed border-slate-300 bg-slate-50 px-2">
        {shown && IMAGE_VALUE.test(shown) ? <img src={shown} alt={`${label} preview`} className="h-12 w-auto max-w-full object-contain" /> : <span className="text-xs text-slate-600">No image</span>}
      </div>
    </div>
  );
}
