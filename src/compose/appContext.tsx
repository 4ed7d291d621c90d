/**
 * How the views reach the composed app (`compose.ts`): `main.tsx` wraps the routes in
 * `AppProvider`, and a view calls `useApp()` for the services it acts through (the link, the live
 * session, the journal). Stores (`stores/`) are plain signals the views import directly.
 */
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { App } from './compose';

const AppContext = createContext<App | null>(null);

export function AppProvider({ app, children }: { app: App; children: ReactNode }): ReactElement {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useApp(): App {
  const app = useContext(AppContext);
  if (app === null) throw new Error('useApp: the view is not inside an AppProvider (see main.tsx)');
  return app;
}
