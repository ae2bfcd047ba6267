import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './index';

/** The staff platform: its providers, the session, the router of every staff and public screen. */
export function mount(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
