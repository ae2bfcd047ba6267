import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app';

/** The employee portal under /employee, apart from the staff app (./main picks one by path). */
export function mount(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  );
}
