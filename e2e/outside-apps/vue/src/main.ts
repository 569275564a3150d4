import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-login';
import '@industrial-portal/widgets/elements/portal-agreement-dialog';
import '@industrial-portal/widgets/elements/portal-chat-launcher';
import type {} from '@industrial-portal/widgets/vue';
import { createApp } from 'vue';
import App from './App.vue';

// `?unconfigured`: the tests' way to see the mistake of leaving this out.
if (!new URLSearchParams(location.search).has('unconfigured'))
  configurePortal({ origin: import.meta.env.VITE_PORTAL_ORIGIN, env: 'local' });
createApp(App).mount('#app');
