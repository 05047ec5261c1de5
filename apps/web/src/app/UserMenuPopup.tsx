// The avatar's menu (spec 000 §2.2), fetched on its first opening with MUI's Menu: the first page shows
// the avatar, not the menu (issue 34).
import { Link as RouterLink } from 'react-router';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { CurrentUser } from '@metocean/contracts';
import { logout } from '../api/client';
import { useStopImpersonation } from '../features/admin/impersonation';

export function UserMenuPopup({
  user,
  fullName,
  anchor,
  close,
}: {
  user: CurrentUser;
  fullName: string;
  anchor: HTMLElement | null;
  close: () => void;
}) {
  const stopImpersonation = useStopImpersonation();
  return (
    <Menu
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
    </Menu>
  );
}
