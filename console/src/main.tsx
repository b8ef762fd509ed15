import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { registerNavigate } from './app/navigation';
import { createStore } from './app/store';
import './i18n';
import { routes } from './routes';
import { ThemeProvider } from './shell/theme';

// The composition root: one store, one router, the theme; i18n initialises on import.
const store = createStore();
const router = createBrowserRouter(routes);
registerNavigate((to) => void router.navigate(to));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
