import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first, so component CSS imported by the app overrides them.
import './styles.css';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa/register-sw';
import { session } from './app/services';

void session.start();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing in index.html');
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) void registerServiceWorker().catch(() => undefined);
