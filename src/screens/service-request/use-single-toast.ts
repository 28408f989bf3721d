import { useCallback, useState } from "react";
import type { ToastVariant } from "./toast";

export interface ToastMessage {
  /** A new key per toast, so a new message replaces the old one rather than stacking. */
  key: number;
  title: string;
  description: string;
  variant: ToastVariant;
  open: boolean;
}

/** At most one toast at a time: showing a new one replaces the one on screen. */
export function useSingleToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((t: Omit<ToastMessage, "key" | "open">) => {
    setToast({ ...t, key: Date.now() + Math.random(), open: true });
  }, []);
  const setOpen = useCallback((open: boolean) => {
    setToast((t) => (t ? { ...t, open } : t));
  }, []);
  return { toast, show, setOpen };
}
