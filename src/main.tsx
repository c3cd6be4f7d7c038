import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first, so component CSS imported by the app overrides them.
import './styles.css';
import { App } from './app/app';
import { LOGIN_SHELL_SELECTOR, loginShellReleased } from './app/login-shell';
import { router } from './app/router';
import { session } from './app/services';

const started = session.start();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing in index.html');
const root = createRoot(rootElement);
// A transition: React renders in 5 ms slices instead of one long task (Lighthouse's total
// blocking time, P6 in docs/performance.md).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// '/' may come with the login page already painted (login.html, scripts/login-shell.mjs). React
// replaces whatever #root holds at its first commit: render once the session and the route are
// known, so that commit is the same login page (no flash of the placeholder, no layout shift);
// LoginPage then takes over what the user typed there (src/app/login-shell.ts).
if (rootElement.querySelector(LOGIN_SHELL_SELECTOR)) {
  void started
    .then(() => router.load())
    .catch(() => undefined)
    // Not under a pressed pointer: the Login press would be lost (src/app/login-shell.ts).
    .then(loginShellReleased)
    .finally(render);
} else render();
