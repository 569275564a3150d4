import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-login';
import '@industrial-portal/widgets/elements/portal-agreement-dialog';
import '@industrial-portal/widgets/elements/portal-chat-launcher';
import type {} from '@industrial-portal/widgets/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

configurePortal({ origin: import.meta.env.VITE_PORTAL_ORIGIN, env: 'local' });

const root = document.getElementById('app');
if (!root) throw new Error('#app is missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
