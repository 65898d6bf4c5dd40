'use client';
/** Open/closed state of the phone-width menu drawer, shared by the top-bar button and the side menu. */
import { createContext, useContext, useMemo, useState } from 'react';

interface DrawerState {
  open: boolean;
  /** Stays true after the first opening, so the drawer keeps its closing animation. */
  everOpened: boolean;
  setOpen: (open: boolean) => void;
}

const DrawerContext = createContext<DrawerState | null>(null);

export function DrawerProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpenState] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const value = useMemo(
    () => ({
      open,
      everOpened,
      setOpen: (next: boolean) => {
        if (next) setEverOpened(true);
        setOpenState(next);
      },
    }),
    [open, everOpened],
  );
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useDrawer() {
  const ctx = useContext(DrawerContext);
  if (!ctx) throw new Error('useDrawer outside DrawerProvider');
  return ctx;
}
