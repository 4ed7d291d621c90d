/**
 * How the views reach the composed app (`compose.ts`): `main.tsx` wraps the routes in
 * `AppProvider`, and a view calls `useApp()` for the services it acts through (the link, the live
 * session, the journal) and `useStores()` for the signals it reads (settings, connection, alerts,
 * workout hints). Nothing of the app is imported as a module-level value: each app, and each test
 * that builds one, has its own.
 */
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { Stores } from '../stores';
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

/** The app's stores (see stores/index.ts). */
export function useStores(): Stores {
  return useApp().stores;
}
