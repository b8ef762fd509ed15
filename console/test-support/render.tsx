import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerNavigate } from '../src/app/navigation';
import type { StoredUser } from '../src/app/request-headers';
import { type AppStore, createStore } from '../src/app/store';
import { StorageKey } from '../src/common/local-storage';
import i18n from '../src/i18n';
import { ThemeProvider } from '../src/shell/theme';

export interface RenderOptions {
  /** The URL the page opens at (default `/`). */
  route?: string;
  /** The route pattern the element is mounted at (default: the route's path). */
  path?: string;
  /** A signed-in user (stored as a sign-in leaves it). */
  user?: StoredUser;
  language?: 'zh' | 'en';
}

export interface RenderedPage extends RenderResult {
  store: AppStore;
  /** The router's current location (after any navigation the page did). */
  location(): string;
}

export const TEST_USER: StoredUser = { id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' };
export const TEST_ROOT: StoredUser = { id: 1, username: 'root', display_name: 'Root', role: 100, status: 1, group: 'default' };

/**
 * Renders one page with the console's real store, i18n and router, as the app would: a memory
 * router at `route`, other paths rendered as a marker so redirects can be asserted.
 */
export function renderPage(element: ReactElement, options: RenderOptions = {}): RenderedPage {
  const route = options.route ?? '/';
  if (options.user) window.localStorage.setItem(StorageKey.user, JSON.stringify(options.user));
  void i18n.changeLanguage(options.language ?? 'en');
  const store = createStore();
  const router = createMemoryRouter(
    [
      { path: options.path ?? route.split('?')[0], element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [route] },
  );
  registerNavigate((to) => void router.navigate(to));
  const result = render(
    <Provider store={store}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return {
    ...result,
    store,
    location: () => router.state.location.pathname + router.state.location.search,
  };
}
