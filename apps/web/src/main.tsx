import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followOtherTabs, restoreSession } from './api/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The access token lives in memory: a reload or a new tab fetches one with the refresh cookie.
followOtherTabs();
void restoreSession();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
