import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { messages, passwordProblems, type PersonalInfo } from '@metocean/contracts';

const rules = [
  messages.passwordTooShort,
  messages.passwordNoUpper,
  messages.passwordNoDigit,
  messages.passwordTooSimilar,
] as const;

const ruleLabels: Record<(typeof rules)[number], string> = {
  [messages.passwordTooShort]: 'At least 8 characters',
  [messages.passwordNoUpper]: 'At least 1 upper case letter',
  [messages.passwordNoDigit]: 'At least 1 digit',
  [messages.passwordTooSimilar]: 'Not too similar to your personal information',
};

/** Live checklist of the password rules the browser can check (commonness is checked by the server). */
export function PasswordHints({ password, info }: { password: string; info?: PersonalInfo }) {
  const problems = new Set(passwordProblems(password, info));
  return (
    <List dense disablePadding aria-label="Password rules" sx={{ mb: 1 }}>
      {rules.map((rule) => {
        const ok = password.length > 0 && !problems.has(rule);
        return (
          <ListItem key={rule} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 24 }}>
              {ok ? (
                <CheckCircleOutlineIcon fontSize="inherit" color="success" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="inherit" color="disabled" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={ruleLabels[rule]}
              slotProps={{ primary: { variant: 'caption', color: ok ? 'success.main' : 'text.secondary' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** Adds the password rules and the confirmation check to a form's schema (spec 000 §5). */
export function checkPasswords(
  value: { password?: string | undefined; passwordConfirm?: string | undefined } & PersonalInfo,
  addIssue: (issue: { path: string[]; message: string }) => void,
): void {
  const password = value.password ?? '';
  const problems = passwordProblems(password, value);
  if (problems.length > 0) addIssue({ path: ['password'], message: problems.join(' ') });
  if (password !== (value.passwordConfirm ?? '')) {
    addIssue({ path: ['passwordConfirm'], message: messages.passwordMismatch });
  }
}
