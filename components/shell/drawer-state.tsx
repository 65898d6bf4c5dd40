'use client';
/** Open/closed state of the phone-width menu drawer, shared by the top-bar button and the side menu. */
import { createContext, useContext, useMemo, useState } from 'react';

const DrawerContext = createContext<{ open: boolean; setOpen: (open: boolean) => void } | null>(null);

export function DrawerProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useDrawer() {
  const ctx = useContext(DrawerContext);
  if (!ctx) throw new Error('useDrawer outside DrawerProvider');
  return ctx;
}
