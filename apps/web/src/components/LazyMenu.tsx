import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { MenuProps } from '@mui/material/Menu';
import type MenuItemType from '@mui/material/MenuItem';

/** What a lazy menu's items are drawn with, loaded with the menu. */
export interface MenuParts {
  MenuItem: typeof MenuItemType;
}

type LoadedProps = Omit<MenuProps, 'children'> & { items: ReactNode | ((parts: MenuParts) => ReactNode) };

// MUI's Menu (Popover, Modal, focus trap, transitions) and its MenuItem are fetched the first time a menu
// opens: the bar and the cards of the first page have menus, the first page does not need their code
// (issue 34).
const LoadedMenu = lazy(async () => {
  const [{ default: Menu }, { default: MenuItem }] = await Promise.all([
    import('@mui/material/Menu'),
    import('@mui/material/MenuItem'),
  ]);
  function Loaded({ items, ...props }: LoadedProps) {
    return <Menu {...props}>{typeof items === 'function' ? items({ MenuItem }) : items}</Menu>;
  }
  return { default: Loaded };
});

/**
 * MUI's Menu, loaded on its first opening and kept mounted afterwards (its closing transition plays). Its
 * children may be a function of the loaded parts (`({ MenuItem }) => …`), so that the items' code loads
 * with the menu too.
 */
export function LazyMenu({
  children,
  ...props
}: Omit<MenuProps, 'children'> & { children: ReactNode | ((parts: MenuParts) => ReactNode) }) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedMenu {...props} items={children} />
    </Suspense>
  );
}
