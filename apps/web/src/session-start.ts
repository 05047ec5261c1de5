// The session's start (issue 34): an entry of its own, which index.html loads with `async` beside the app
// (vite.config.ts), so that the access token is asked for with the refresh cookie while the app's scripts
// still download and run, not after them. main.tsx imports it too — in development, where there is no such
// entry, and as the one place it runs: a module runs once per page.
import { followOtherTabs, restoreSession } from './api/client';

// The access token lives in memory: a reload or a new tab fetches one with the refresh cookie.
followOtherTabs();
void restoreSession();
