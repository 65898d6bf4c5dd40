'use client';
/**
 * An image preference (BrandLogo, BrandIcon, MainLogo): upload an image (the one image uploader, into the
 * location's folder) or give its address (a same-site path or an https URL); a preview at the top bar's
 * 48-pixel height. Empty inherits the value shown.
 */
/* eslint-disable @next/next/no-img-element -- previews of user-chosen addresses, not optimisable assets */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { fileApi } from '@/components/files';
import { TextField } from '@/components/ui/field';
import { IMAGE_VALUE } from '@/lib/contract/locations-constants';
import { fileSrc } from '@/lib/files';

const ImageUploader = dynamic(() => import('@/components/ui/image-uploader').then((m) => m.ImageUploader), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading the uploader…</p>,
});

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

export function ImagePreference({ firm, label, hint, inherited, value, readOnly, onChange, error }: ImagePreferenceProps) {
  const [uploaderShown, showUploader] = useState(false);
  const shown = value || inherited;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TextField
        label={label}
        placeholder={inherited || '/brands/logo.svg'}
        hint={hint}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <div className="flex h-14 items-center rounded border border-dashed border-slate-300 bg-slate-50 px-2">
        {shown && IMAGE_VALUE.test(shown) ? (
          <img src={fileSrc(shown)} alt={`${label} preview`} className="h-12 w-auto max-w-full object-contain" />
        ) : (
          <span className="text-xs text-slate-600">No image</span>
        )}
      </div>
      {!readOnly &&
        (uploaderShown ? (
          <ImageUploader
            label={`${label} image`}
            upload={(files) => fileApi.upload(firm, files)}
            multiple={false}
            onUploaded={(urls) => urls[0] && onChange(urls[0])}
          />
        ) : (
          <button
            type="button"
            className="self-start text-sm font-medium text-brand-700 underline underline-offset-2"
            onClick={() => showUploader(true)}
          >
            Upload an image
          </button>
        ))}
    </div>
  );
}
