import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-login';
import '@industrial-portal/widgets/elements/portal-agreement-dialog';
import '@industrial-portal/widgets/elements/portal-chat-launcher';
import type {} from '@industrial-portal/widgets/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
// The package README's React snippet, copied in by the test (e2e/outside-apps-snippets.ts).
import { Account } from './snippets/readme.js';

// `?unconfigured`: the tests' way to see the mistake of leaving this out.
if (!new URLSearchParams(location.search).has('unconfigured'))
  configurePortal({ origin: import.meta.env.VITE_PORTAL_ORIGIN, env: 'local' });

const root = document.getElementById('app');
if (!root) throw new Error('#app is missing');
createRoot(root).render(<StrictMode>{location.pathname === '/readme' ? <Account /> : <App />}</StrictMode>);
