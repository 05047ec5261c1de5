import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { CurrentUser } from '@metocean/contracts';

// loaded on the menu's first opening and kept mounted afterwards (its closing transition plays)
const UserMenuPopup = lazy(async () => ({ default: (await import('./UserMenuPopup')).UserMenuPopup }));

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The avatar with the user's initials and its menu (spec 000 §2.2). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  if (anchor !== null && !opened) setOpened(true);
  const close = () => setAnchor(null);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        // the browser's tooltip: MUI's (Popper) would be 7 kB of the first page for a name (issue 34)
        title={fullName}
      >
        <Avatar sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'primary.main', fontWeight: 600 }}>
          {initials(user)}
        </Avatar>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuPopup user={user} fullName={fullName} anchor={anchor} close={close} />
        </Suspense>
      )}
    </>
  );
}
