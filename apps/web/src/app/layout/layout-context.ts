import { createContext, useContext } from 'react';

/** Layout state the header and the side menu share. */
export interface LayoutState {
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
}

export const LayoutContext = createContext<LayoutState>({
  drawerOpen: false,
  openDrawer: () => undefined,
  closeDrawer: () => undefined,
});

/** The layout state of the nearest AppLayout. */
export function useLayout(): LayoutState {
  return useContext(LayoutContext);
}
