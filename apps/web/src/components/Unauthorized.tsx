import { useEffect } from 'react';
import { messages } from '@metocean/contracts';
import { logout } from '../api/client';
import { FullPageLoader } from './Loader';

/** A layout found the user not authorised for the page: they are logged out (spec 000 §2.1, §8). */
export function Unauthorized() {
  useEffect(() => {
    void logout({ message: messages.unauthorizedPage, severity: 'error' });
  }, []);
  return <FullPageLoader />;
}
