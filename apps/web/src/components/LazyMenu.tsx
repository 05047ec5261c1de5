import { lazy, Suspense, useState } from 'react';
import type { MenuProps } from '@mui/material/Menu';

// MUI's Menu (Popover, Modal, focus trap, transitions) is fetched the first time a menu opens: the bar and
// the cards of the first page have menus, the first page does not need their code (issue 34).
const Menu = lazy(() => import('@mui/material/Menu'));

/** MUI's Menu, loaded on its first opening and kept mounted afterwards (its closing transition plays). */
export function LazyMenu(props: MenuProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
