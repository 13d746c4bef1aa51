import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";

/**
 * What must stand above every dialog: the toasts and the progress bar. A modal dialog (showModal) sits in the
 * browser's top layer, above any z-index, and hides the rest of the page from screen readers; so while one is
 * open these render inside it (the newest, when dialogs are stacked). Without JavaScript a dialog is an ordinary
 * element under the page's fixed layers, and they render in place (docs/decisions/026-phone-first.md).
 */
const TopLayerContext = createContext<{
  host: HTMLElement | null;
  register: (element: HTMLElement) => () => void;
}>({ host: null, register: () => () => {} });

export function TopLayerProvider({ children }: { children: ReactNode }) {
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  const register = useCallback((element: HTMLElement) => {
    setHosts((current) => [...current, element]);
    return () => setHosts((current) => current.filter((host) => host !== element));
  }, []);
  return (
    <TopLayerContext.Provider value={{ host: hosts.at(-1) ?? null, register }}>
      {children}
    </TopLayerContext.Provider>
  );
}

/** Makes a modal dialog the place where the top layer's pieces render while it is open. */
export function useTopLayerHost(ref: RefObject<HTMLElement>) {
  const { register } = useContext(TopLayerContext);
  useEffect(() => (ref.current ? register(ref.current) : undefined), [ref, register]);
}

/** Renders its children above every open dialog. */
export function TopLayer({ children }: { children: ReactNode }) {
  const { host } = useContext(TopLayerContext);
  return host ? createPortal(children, host) : children;
}
