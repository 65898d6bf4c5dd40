'use client';
/**
 * The "History" button of an editor (docs/history.md#screens): opens the record's History panel. The
 * panel, its calls and the dialog load only when the button is first pressed, so an editor's first-load
 * JS carries this button alone.
 */
import { Icon } from '@/components/ui/icon';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { HistoryKind } from '@/lib/contract/history-constants';
import { Button } from '@/components/ui/button';

const HistoryPanel = dynamic(() => import('./history-panel').then((m) => m.HistoryPanel), { ssr: false });

export interface HistoryButtonProps {
  kind: HistoryKind;
  id: number;
  /** What the record is called in the panel's title ("Job 1042"). */
  label: string;
  className?: string;
}

export function HistoryButton({ kind, id, label, className }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        <Icon name="history" className="size-4" />
        History
      </Button>
      {opened > 0 && <HistoryPanel kind={kind} id={id} label={label} open={open} opened={opened} onOpenChange={setOpen} />}
    </>
  );
}
