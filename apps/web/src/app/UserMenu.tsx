import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { CurrentUser } from '@metocean/contracts';
import { logout } from '../api/client';
import { LazyMenu } from '../components/LazyMenu';
import { useStopImpersonation } from '../features/admin/impersonation';

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.username.charAt(0)).toUpperCase();
}

/** The avatar with the user's initials and its menu (spec 000 §2.2). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const stopImpersonation = useStopImpersonation();
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
      <LazyMenu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <ListItemText primary={fullName} secondary={user.email} />
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to="/plans" onClick={close}>
          <ListItemIcon>
            <CardMembershipOutlinedIcon fontSize="small" />
          </ListItemIcon>
          My plans
        </MenuItem>
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          My profile
        </MenuItem>
        {/* the superuser's own pages, each by its name (issue 30) */}
        {user.isSuperuser && (
          <MenuItem component={RouterLink} to="/usage" onClick={close}>
            <ListItemIcon>
              <InsightsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Usage analysis
          </MenuItem>
        )}
        {user.isSuperuser && (
          <MenuItem component={RouterLink} to="/admin" onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Administration
          </MenuItem>
        )}
        <Divider />
        {user.impersonator ? (
          <MenuItem
            onClick={() => {
              close();
              stopImpersonation.mutate();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Log out of impersonation
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Log out
          </MenuItem>
        )}
      </LazyMenu>
    </>
  );
}
